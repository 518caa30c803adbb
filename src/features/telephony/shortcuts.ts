import type { CallView } from '../../machines/call/call.selectors';
import type { MessageId } from '../../i18n/message-ids';

/**
 * The telephony keyboard shortcuts, declared once (guides/architecture.md: each command declared once
 * and read by every surface): the key listener and the help overlay both read this list.
 *
 * Letters use Alt and match `KeyboardEvent.code`, so they work with a Korean IME and any layout and do
 * not fire while someone types a name. `?` opens the help.
 */
export interface ShortcutKeys {
  /** `KeyboardEvent.code` (physical key), e.g. 'KeyA'. */
  code?: string;
  /** `KeyboardEvent.key`, for characters whose physical key differs by layout, e.g. '?'. */
  key?: string;
  alt?: boolean;
  /** How the help overlay writes the keys. */
  display: string[];
}

export interface ShortcutContext {
  calls: CallView[];
  registered: boolean;
  answer: (callId: string) => void;
  hangUp: (callId: string) => void;
  openTransfer: (callId: string) => void;
  openDialPad: () => void;
  openHelp: () => void;
}

export interface Shortcut {
  id: 'answer' | 'hangup' | 'transfer' | 'dial-pad' | 'help';
  labelId: MessageId;
  keys: ShortcutKeys;
  /** Whether the shortcut does something now (it is ignored otherwise). */
  when: (ctx: ShortcutContext) => boolean;
  run: (ctx: ShortcutContext) => void;
}

const firstAllowing = (ctx: ShortcutContext, type: CallView['allowed'][number]) => ctx.calls.find((c) => c.allowed.includes(type));
/** Hang-up prefers the call being talked on over one still ringing. */
const hangUpTarget = (ctx: ShortcutContext) =>
  ctx.calls.find((c) => c.phase === 'answered' && c.allowed.includes('HANGUP')) ?? firstAllowing(ctx, 'HANGUP');

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'answer',
    labelId: 'cti.shortcut.answer',
    keys: { code: 'KeyA', alt: true, display: ['Alt', 'A'] },
    when: (ctx) => !!firstAllowing(ctx, 'ANSWER'),
    run: (ctx) => ctx.answer(firstAllowing(ctx, 'ANSWER')!.callId),
  },
  {
    id: 'hangup',
    labelId: 'cti.shortcut.hangup',
    keys: { code: 'KeyH', alt: true, display: ['Alt', 'H'] },
    when: (ctx) => !!hangUpTarget(ctx),
    run: (ctx) => ctx.hangUp(hangUpTarget(ctx)!.callId),
  },
  {
    id: 'transfer',
    labelId: 'cti.shortcut.transfer',
    keys: { code: 'KeyT', alt: true, display: ['Alt', 'T'] },
    when: (ctx) => !!firstAllowing(ctx, 'TRANSFER_BLIND'),
    run: (ctx) => ctx.openTransfer(firstAllowing(ctx, 'TRANSFER_BLIND')!.callId),
  },
  {
    id: 'dial-pad',
    labelId: 'cti.shortcut.dial_pad',
    keys: { code: 'KeyD', alt: true, display: ['Alt', 'D'] },
    when: (ctx) => ctx.registered,
    run: (ctx) => ctx.openDialPad(),
  },
  {
    id: 'help',
    labelId: 'cti.shortcut.help',
    keys: { key: '?', display: ['?'] },
    when: () => true,
    run: (ctx) => ctx.openHelp(),
  },
];

export function matchesKeys(keys: ShortcutKeys, event: Pick<KeyboardEvent, 'code' | 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>): boolean {
  if (event.ctrlKey || event.metaKey) return false;
  if (!!keys.alt !== event.altKey) return false;
  if (keys.code) return event.code === keys.code;
  return event.key === keys.key;
}

/** Typing in a field is never a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function findShortcut(event: KeyboardEvent, ctx: ShortcutContext): Shortcut | null {
  if (event.isComposing || isTypingTarget(event.target)) return null;
  const shortcut = SHORTCUTS.find((s) => matchesKeys(s.keys, event));
  return shortcut && shortcut.when(ctx) ? shortcut : null;
}
