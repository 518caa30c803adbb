import type { UserInfo } from '../../api/contracts/session.contract';
import type { CallView } from '../../machines/call/call.selectors';
import { CTI_COMMANDS, hotkeyTarget, mayUse, type CtiCommand, type CtiHotkey, type PhoneFacts } from '../../shell/telephony/cti-commands';

/**
 * The keyboard's reading of the CTI commands (src/shell/telephony/cti-commands.ts): which declared
 * hotkey a key press is, and whether its command acts now. Letters use Alt and match
 * `KeyboardEvent.code`, so they work with a Korean IME and any layout; none fires while someone types.
 */

/** The commands with a hotkey this user may use: what the help overlay lists. */
export function shortcutsFor(userInfo: UserInfo | null): CtiCommand[] {
  return CTI_COMMANDS.filter((command) => command.hotkey && mayUse(command, userInfo));
}

export function matchesKeys(keys: Omit<CtiHotkey, 'display' | 'descriptionId'>, event: Pick<KeyboardEvent, 'code' | 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>): boolean {
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

/**
 * The command a key press runs now and the call it runs on, or null: not a hotkey, typed in a field,
 * or its command's button is hidden (no permission) or disabled (nothing to act on).
 */
export function findShortcut(
  event: KeyboardEvent,
  userInfo: UserInfo | null,
  phone: PhoneFacts,
): { command: CtiCommand; call: CallView | null } | null {
  if (event.isComposing || isTypingTarget(event.target)) return null;
  const command = CTI_COMMANDS.find((c) => c.hotkey && matchesKeys(c.hotkey, event));
  if (!command) return null;
  const target = hotkeyTarget(command, userInfo, phone);
  return target && { command, call: target.call };
}
