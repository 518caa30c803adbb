import type { Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { UserInfo } from '../../api/contracts/session.contract';
import type { UserPermission } from '../../api/permissions/catalogue';
import { hasUserPermission } from '../../api/permissions/check';
import type { MessageId } from '../../i18n/message-ids';
import type { CallView } from '../../machines/call/call.selectors';
import type { CallCommand } from '../../machines/call/call.types';
import type { PhoneSummary } from '../../machines/phone/phone.selectors';
import type { PopupId } from '../popups/popup-table';

/**
 * The CTI commands, each declared once (guides/architecture.md, Excalidraw's actions): its name, label,
 * icon, permission, when it may run and its hotkey. The call buttons (`CallControls`, in the CTI bar and
 * the call pop-ups), the CTI bar's own buttons, the keyboard shortcuts and the help overlay all read
 * these declarations, so a button and its key can no longer disagree: a hotkey acts exactly when the
 * button it stands for is shown and enabled.
 */

export type CtiCommandName =
  | 'answer'
  | 'complete-transfer'
  | 'transfer'
  | 'hold'
  | 'unhold'
  | 'record'
  | 'reopen-popup'
  | 'hangup'
  | 'dial-pad'
  | 'forwarding'
  | 'supervise'
  | 'worktime'
  | 'help';

/** A dialog a command opens; the surface decides where (the CTI bar's transfer dialog, or a pop-up's own). */
export type CtiPanel = 'transfer' | 'dial-pad' | 'forwarding' | 'supervise' | 'help';

/** What running a command does: a command to the call's actor (through the leader tab), a dialog, or a pop-up of the table. */
export type CtiEffect = { send: CallCommand } | { open: CtiPanel } | { popup: CtiPopup };

/** The pop-ups a command opens: ones that take no parameters. */
export type CtiPopup = Extract<PopupId, 'edit-company-worktime'>;

export interface CtiHotkey {
  /** `KeyboardEvent.code` (the physical key, so a Korean IME or any layout works), e.g. 'KeyA'. */
  code?: string;
  /** `KeyboardEvent.key`, for characters whose physical key differs by layout, e.g. '?'. */
  key?: string;
  alt?: boolean;
  /** How the help overlay writes the keys. */
  display: readonly string[];
  /** How the help overlay names the command. */
  descriptionId: MessageId;
}

/** The phone as this window sees it (`phoneView`'s summary; null before the phone has reported). */
export type PhoneFacts = PhoneSummary | null;

export interface CtiCommand {
  name: CtiCommandName;
  /** 'call': one button per call (call rows, call pop-ups); 'phone': one button in the CTI bar. */
  scope: 'call' | 'phone';
  labelId: MessageId;
  icon: IconName;
  /** A permission of the catalogue (any one of several) the user needs; without it the command is hidden. */
  permission?: UserPermission | readonly UserPermission[];
  /** Whether the button is drawn at all (besides the permission). @default always */
  shownWhen?: (phone: PhoneFacts, call: CallView | null) => boolean;
  /** Whether it may run now: for a call, the call actor's own `snapshot.can` (the view's `allowed`). */
  enabledWhen: (phone: PhoneFacts, call: CallView | null) => boolean;
  effect: CtiEffect;
  hotkey?: CtiHotkey;
  /** Of several calls a hotkey could act on, the one it takes first (else the oldest). */
  prefer?: (call: CallView) => boolean;
  intent?: Intent;
}

const can = (type: CallView['allowed'][number]) => (_phone: PhoneFacts, call: CallView | null) => !!call?.allowed.includes(type);
const always = () => true;

/** In the order the buttons are drawn. */
export const CTI_COMMANDS: readonly CtiCommand[] = [
  {
    name: 'answer',
    scope: 'call',
    labelId: 'cti.call.answer',
    icon: 'phone',
    intent: 'success',
    // Drawn while it rings and while the answer is on its way (a spinner), for inbound calls only.
    shownWhen: (_phone, call) => call?.direction === 'inbound' && (call.phase === 'ringing' || call.phase === 'answering'),
    enabledWhen: can('ANSWER'),
    effect: { send: { type: 'ANSWER' } },
    hotkey: { code: 'KeyA', alt: true, display: ['Alt', 'A'], descriptionId: 'cti.shortcut.answer' },
  },
  {
    name: 'complete-transfer',
    scope: 'call',
    labelId: 'cti.call.complete_transfer',
    icon: 'tick',
    intent: 'primary',
    shownWhen: can('COMPLETE_TRANSFER'),
    enabledWhen: can('COMPLETE_TRANSFER'),
    effect: { send: { type: 'COMPLETE_TRANSFER' } },
  },
  {
    name: 'transfer',
    scope: 'call',
    labelId: 'cti.call.transfer',
    icon: 'swap-horizontal',
    // The CTI server does not check it (docs/cti-api.md): the UI is where it holds.
    permission: 'cti_transfer',
    enabledWhen: (phone, call) => can('TRANSFER_BLIND')(phone, call) || can('TRANSFER_ATTENDED')(phone, call),
    effect: { open: 'transfer' },
    hotkey: { code: 'KeyT', alt: true, display: ['Alt', 'T'], descriptionId: 'cti.shortcut.transfer' },
  },
  { name: 'hold', scope: 'call', labelId: 'cti.call.hold', icon: 'pause', shownWhen: can('HOLD'), enabledWhen: can('HOLD'), effect: { send: { type: 'HOLD' } } },
  { name: 'unhold', scope: 'call', labelId: 'cti.call.unhold', icon: 'play', shownWhen: can('UNHOLD'), enabledWhen: can('UNHOLD'), effect: { send: { type: 'UNHOLD' } } },
  {
    name: 'record',
    scope: 'call',
    labelId: 'cti.call.record',
    icon: 'record',
    permission: 'cti_one_touch_recording',
    enabledWhen: can('TOGGLE_RECORDING'),
    effect: { send: { type: 'TOGGLE_RECORDING' } },
  },
  {
    name: 'reopen-popup',
    scope: 'call',
    labelId: 'cti.call.reopen_popup',
    icon: 'share',
    shownWhen: (phone, call) => call?.direction === 'inbound' && can('REOPEN_POPUP')(phone, call),
    enabledWhen: can('REOPEN_POPUP'),
    effect: { send: { type: 'REOPEN_POPUP' } },
  },
  {
    name: 'hangup',
    scope: 'call',
    labelId: 'cti.call.hangup',
    icon: 'cross-circle',
    intent: 'danger',
    enabledWhen: can('HANGUP'),
    effect: { send: { type: 'HANGUP' } },
    hotkey: { code: 'KeyH', alt: true, display: ['Alt', 'H'], descriptionId: 'cti.shortcut.hangup' },
    // The call being talked on before one still ringing.
    prefer: (call) => call.phase === 'answered',
  },
  {
    name: 'dial-pad',
    scope: 'phone',
    labelId: 'cti.dial_pad.button',
    icon: 'numerical',
    // Open also while not registered: the dial pad says why it cannot call then.
    enabledWhen: always,
    effect: { open: 'dial-pad' },
    hotkey: { code: 'KeyD', alt: true, display: ['Alt', 'D'], descriptionId: 'cti.shortcut.dial_pad' },
  },
  {
    name: 'forwarding',
    scope: 'phone',
    labelId: 'cti.forwarding.button',
    icon: 'phone-forward',
    permission: 'cti_call_forwarding',
    // The agent-state actor holds the forwarding; until it reports there is nothing to change.
    enabledWhen: (phone) => !!phone?.agent,
    effect: { open: 'forwarding' },
  },
  {
    name: 'supervise',
    scope: 'phone',
    labelId: 'cti.supervise.button',
    icon: 'headset',
    permission: ['cti_listen', 'cti_whisper'],
    enabledWhen: always,
    effect: { open: 'supervise' },
  },
  {
    // The company work-time switch (docs/routing.md "Company work time"): the company/worktime/edit window.
    name: 'worktime',
    scope: 'phone',
    labelId: 'cti.worktime.button',
    icon: 'time',
    permission: 'worktime_switch',
    enabledWhen: always,
    effect: { popup: 'edit-company-worktime' },
  },
  {
    name: 'help',
    scope: 'phone',
    labelId: 'cti.shortcut.title',
    icon: 'key-command',
    enabledWhen: always,
    effect: { open: 'help' },
    hotkey: { key: '?', display: ['?'], descriptionId: 'cti.shortcut.help' },
  },
];

const byName = new Map(CTI_COMMANDS.map((command) => [command.name, command]));

export function ctiCommand(name: CtiCommandName): CtiCommand {
  const command = byName.get(name);
  if (!command) throw new Error(`unknown CTI command ${name}`);
  return command;
}

export const CALL_COMMANDS = CTI_COMMANDS.filter((command) => command.scope === 'call');

/** The user's permission for the command (managers have every CTI permission). */
export function mayUse(command: CtiCommand, userInfo: UserInfo | null): boolean {
  if (!command.permission) return true;
  const any = typeof command.permission === 'string' ? [command.permission] : command.permission;
  return any.some((permission) => hasUserPermission(userInfo, permission));
}

export type CtiCommandState = 'hidden' | 'disabled' | 'enabled';

/** How the command's button is drawn for this user, phone and (for call commands) call. */
export function commandState(command: CtiCommand, userInfo: UserInfo | null, phone: PhoneFacts, call: CallView | null): CtiCommandState {
  if (!mayUse(command, userInfo)) return 'hidden';
  if (command.scope === 'call' && !call) return 'hidden';
  if (command.shownWhen && !command.shownWhen(phone, call)) return 'hidden';
  return command.enabledWhen(phone, call) ? 'enabled' : 'disabled';
}

/**
 * What a hotkey acts on now, or null when it does nothing: a phone command when its button is
 * enabled; a call command on a call whose button for it is enabled (the preferred one, else the oldest).
 */
export function hotkeyTarget(command: CtiCommand, userInfo: UserInfo | null, phone: PhoneFacts): { call: CallView | null } | null {
  if (command.scope === 'phone') return commandState(command, userInfo, phone, null) === 'enabled' ? { call: null } : null;
  const ready = (phone?.calls ?? []).filter((call) => commandState(command, userInfo, phone, call) === 'enabled');
  const call = (command.prefer && ready.find(command.prefer)) || ready[0];
  return call ? { call } : null;
}
