import { fromCallback } from 'xstate';
import type { PhoneSummary } from '../../machines/phone/phone.selectors';
import type { PhoneCommand } from '../../machines/phone/phone.types';
import { windowBridge } from '../popups/window-bridge';
import { isPhoneCommand } from './phone-command';
import { phoneView } from './phone-view';

/**
 * The tab-leader machine's bridge actors and actions (docs/statecharts.md "Starting it from the app").
 * Follower tabs are *main* windows to the bridge, so the leader posts its summary to both targets
 * (a BroadcastChannel does not echo to its sender, so the leader never hears itself).
 */

/** Leader: every summary goes to this window's view, the pop-up windows and the follower tabs. */
export function publishSummary(summary: PhoneSummary): void {
  phoneView.send({ type: 'summary', summary });
  const bridge = windowBridge();
  bridge.postToPopups({ type: 'cti.state', summary });
  bridge.postToMain({ type: 'cti.state', summary });
}

/** Follower: a command goes to the leader tab, the only main window listening for `cti.request`. */
export function forwardToLeader(command: PhoneCommand): void {
  windowBridge().postToMain({ type: 'cti.request', action: 'command', payload: command });
}

/** Follower: the leader's summaries, as `bridge.summary` events for the tab-leader machine. */
export const followLeaderLogic = fromCallback(({ sendBack }) =>
  windowBridge().subscribe((message) => {
    if (message.type === 'cti.state') sendBack({ type: 'bridge.summary', summary: message.summary });
  }),
);

/** Leader: commands from follower tabs and pop-up windows, as `COMMAND` events. */
export const leaderInboxLogic = fromCallback(({ sendBack }) =>
  windowBridge().subscribe((message) => {
    if (message.type === 'cti.request' && message.action === 'command' && isPhoneCommand(message.payload)) {
      sendBack({ type: 'COMMAND', command: message.payload });
    }
  }),
);

let popupFeed: (() => void) | null = null;

/**
 * A pop-up window has no phone: it shows the leader's summaries and asks for one when it opens (the
 * leader only publishes on change). Idempotent; stays attached for the window's life.
 */
export function attachPopupFeed(): void {
  const bridge = windowBridge();
  if (popupFeed || bridge.role !== 'popup') return;
  phoneView.send({ type: 'role', role: 'popup' });
  popupFeed = bridge.subscribe((message) => {
    if (message.type === 'cti.state') phoneView.send({ type: 'summary', summary: message.summary });
  });
  bridge.postToMain({ type: 'cti.request', action: 'command', payload: { type: 'REFRESH_SUMMARY' } satisfies PhoneCommand });
}
