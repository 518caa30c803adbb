import { useSyncExternalStore } from 'react';
import type { Member } from '../../api/contracts/member.contract';
import { useCallerMembers } from '../../api/members-lookup';
import { saveCallMember } from '../../api/resources/call-api';
import { showError } from '../../ui/feedback/error-store';
import { windowBridge } from '../popups/window-bridge';

/**
 * Which member the agent chose for a call with several matching members (select-member pop-up →
 * inbound pop-up). The two pop-ups may be windows, dialogs, or one of each, so the choice is kept in
 * this window and announced to every other window of the app (main windows and pop-ups alike). It is
 * kept in this tab's sessionStorage too (the latest 50 calls), so a reload mid-call still knows whom the
 * call is about; the localStorage keys are the specification's own. The window where the agent chose
 * also keeps it on the call log (`cti/calls/member`), so the call's history names the member.
 */
const STORE_KEY = 'callMemberChoices';
const KEEP = 50;

function loadChoices(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return new Map();
    return new Map(stored.filter((entry): entry is [string, number] => Array.isArray(entry) && typeof entry[0] === 'string' && Number.isInteger(entry[1])));
  } catch {
    return new Map();
  }
}

function storeChoices(): void {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify([...chosen].slice(-KEEP)));
  } catch {
    /* storage full or blocked: the choice still holds in this page */
  }
}

const chosen = loadChoices();
const listeners = new Set<() => void>();
let bridgeAttached = false;

function set(uniqueid: string, memberId: number): void {
  if (chosen.get(uniqueid) === memberId) return;
  chosen.delete(uniqueid);
  chosen.set(uniqueid, memberId);
  storeChoices();
  listeners.forEach((listener) => listener());
}

function attachBridge(): void {
  if (bridgeAttached) return;
  bridgeAttached = true;
  windowBridge().subscribe((message) => {
    if (message.type === 'cti.member_selected') set(message.uniqueid, message.memberId);
  });
}

/**
 * The agent chose `memberId` for the call: every window shows it at once, and the call log keeps it.
 * Answers whether the log kept it; when it did not, the error dialog says why (the choice still holds
 * in the windows, and choosing again tries again). A pop-up window waits for it before closing, since
 * closing would cut the request off.
 */
export async function chooseMemberForCall(uniqueid: string, memberId: number): Promise<boolean> {
  set(uniqueid, memberId);
  const bridge = windowBridge();
  bridge.postToMain({ type: 'cti.member_selected', uniqueid, memberId });
  bridge.postToPopups({ type: 'cti.member_selected', uniqueid, memberId });
  try {
    await saveCallMember(uniqueid, memberId);
    return true;
  } catch (err) {
    showError(err);
    return false;
  }
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

/**
 * The member a call is about: the number's only member, or the one chosen for the call among those
 * sharing it; undefined while several are unchosen, none has the number, or the lookup is pending.
 * The lookup is the cached caller lookup (members-lookup.ts), so every reader costs one query.
 */
export function useCallMember(number: string | null | undefined, uniqueid: string | null | undefined): Member | undefined {
  const lookup = useCallerMembers(number).data;
  const chosenId = useChosenMember(uniqueid);
  if (!lookup) return undefined;
  if (lookup.memberCount === 1) return lookup.data[0];
  return chosenId === null ? undefined : lookup.data.find((member) => member.id === chosenId);
}

/** The member chosen for the call `uniqueid`, or null (outside React). */
export const chosenMemberFor = (uniqueid: string): number | null => chosen.get(uniqueid) ?? null;

/** Tests only. */
export function forgetChosenMembers(): void {
  chosen.clear();
  sessionStorage.removeItem(STORE_KEY);
}
