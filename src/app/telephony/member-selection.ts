import { useSyncExternalStore } from 'react';
import { windowBridge } from '../popups/window-bridge';

/**
 * Which member the agent chose for a call with several matching members (select-member pop-up →
 * inbound pop-up). The two pop-ups may be windows, dialogs, or one of each, so the choice is kept in
 * this window and announced to every other window of the app (main windows and pop-ups alike).
 */
const chosen = new Map<string, number>();
const listeners = new Set<() => void>();
let bridgeAttached = false;

function set(uniqueid: string, memberId: number): void {
  if (chosen.get(uniqueid) === memberId) return;
  chosen.set(uniqueid, memberId);
  listeners.forEach((listener) => listener());
}

function attachBridge(): void {
  if (bridgeAttached) return;
  bridgeAttached = true;
  windowBridge().subscribe((message) => {
    if (message.type === 'cti.member_selected') set(message.uniqueid, message.memberId);
  });
}

export function chooseMemberForCall(uniqueid: string, memberId: number): void {
  set(uniqueid, memberId);
  const bridge = windowBridge();
  bridge.postToMain({ type: 'cti.member_selected', uniqueid, memberId });
  bridge.postToPopups({ type: 'cti.member_selected', uniqueid, memberId });
}

function subscribe(listener: () => void): () => void {
  attachBridge();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member chosen for the call `uniqueid`, or null. */
export function useChosenMember(uniqueid: string | null | undefined): number | null {
  return useSyncExternalStore(subscribe, () => (uniqueid ? (chosen.get(uniqueid) ?? null) : null));
}

/** Tests only. */
export function forgetChosenMembers(): void {
  chosen.clear();
}
