import type { AgentCommand, PhoneCommand } from '../../machines/phone/phone.types';
import type { CallCommand } from '../../machines/call/call.types';
import type { CallView } from '../../machines/call/call.selectors';
import type { CtiCommand, CtiPanel } from './cti-commands';
import { openPopup } from '../popups/open-popup';
import { windowBridge } from '../popups/window-bridge';
import { currentTelephony } from './telephony-lifecycle';

/**
 * The one way UI code acts on the phone, from any window:
 * - a main window hands the command to its tab-leader root, which runs it (leader) or forwards it to
 *   the leader tab (follower);
 * - a pop-up window posts it to the main windows as `cti.request`, where only the leader listens.
 */
export function sendPhoneCommand(command: PhoneCommand): void {
  const root = currentTelephony();
  if (root) {
    root.send({ type: 'COMMAND', command });
    return;
  }
  const bridge = windowBridge();
  if (bridge.role === 'popup') bridge.postToMain({ type: 'cti.request', action: 'command', payload: command });
}

export const sendCallCommand = (callId: string, command: CallCommand) =>
  sendPhoneCommand({ type: 'CALL_COMMAND', callId, command });

export const sendAgentCommand = (command: AgentCommand) => sendPhoneCommand({ type: 'AGENT_COMMAND', command });

/**
 * Runs a declared CTI command (cti-commands.ts) for a button or a hotkey: a call command goes to the
 * call's actor, a pop-up of the table opens, a dialog goes to `open`, which the surface provides (the CTI bar and a call pop-up each
 * have their own transfer dialog).
 */
export function runCtiCommand(command: CtiCommand, call: CallView | null, open: (panel: CtiPanel, call: CallView | null) => void): void {
  const { effect } = command;
  if ('open' in effect) open(effect.open, call);
  else if ('popup' in effect) openPopup(effect.popup);
  else if (call) sendCallCommand(call.callId, effect.send);
}
