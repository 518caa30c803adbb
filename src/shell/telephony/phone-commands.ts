import type { AgentCommand, PhoneCommand } from '../../machines/phone/phone.types';
import type { CallCommand } from '../../machines/call/call.types';
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
