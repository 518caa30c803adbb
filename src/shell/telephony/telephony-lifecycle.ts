import type { UserInfo } from '../../api/contracts/session.contract';
import { ctiPopupMode } from '../popups/cti-popup-mode';
import { windowBridge } from '../popups/window-bridge';
import { sessionActor } from '../session/session-actor';
import { phoneView } from './phone-view';
import type { TelephonyRoot } from './telephony-root';

/**
 * Starts and stops the telephony root with the session: a signed-in manager or agent with a company and
 * an extension gets one, in main windows only (pop-up windows reflect it through the bridge). A change of
 * user, extension, CTI server or pop-up mode replaces it; sign-out stops it (socket closed, election lock
 * released, so another tab of the next user can lead).
 *
 * The root lives at module scope, above any React mount (guides/xstate.md §5 #1, #4): StrictMode and
 * <Activity> cannot stop it.
 */
export type TelephonyFactory = (userInfo: UserInfo) => TelephonyRoot;

let factory: TelephonyFactory | null = null;
let current: { key: string; root: TelephonyRoot; stopWatching: () => void } | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** The identity of the phone a user should have; null = no phone (admin, no company, no extension). */
export function telephonyKey(userInfo: UserInfo | null | undefined): string | null {
  if (!userInfo || userInfo.role === 'admin' || !userInfo.company || !userInfo.extension) return null;
  return [userInfo.user.id, userInfo.extension, userInfo.company.cti_server, ctiPopupMode(userInfo)].join('|');
}

/** Keeps this window's phone view in step with the root: leader (own publish) or follower (bridge). */
function watch(root: TelephonyRoot): () => void {
  let phone: unknown = null;
  const sub = root.subscribe((snapshot) => {
    if (snapshot.matches('follower')) {
      phone = null;
      phoneView.send({ type: 'role', role: 'follower' });
      phoneView.send({ type: 'summary', summary: snapshot.context.summary });
      return;
    }
    const child = snapshot.children.phone;
    if (child === phone) return;
    phone = child;
    phoneView.send({ type: 'role', role: 'leader' });
    // The phone publishes on change only; a fresh one (or a new leader) has not published yet.
    child?.send({ type: 'REFRESH_SUMMARY' });
  });
  return () => sub.unsubscribe();
}

export function startTelephony(root: TelephonyRoot, key: string): void {
  stopTelephony();
  root.subscribe({ error: (err) => console.error('telephony root failed', err) });
  const stopWatching = watch(root);
  current = { key, root, stopWatching };
  root.start();
  notify();
}

export function stopTelephony(): void {
  if (!current) return;
  const { root, stopWatching } = current;
  current = null;
  stopWatching();
  root.stop();
  phoneView.send({ type: 'reset' });
  notify();
}

export function currentTelephony(): TelephonyRoot | null {
  return current?.root ?? null;
}

/** For useSyncExternalStore: the current root (or null). */
export const telephonyRootStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: currentTelephony,
};

function sync(userInfo: UserInfo | null): void {
  const key = telephonyKey(userInfo);
  if (key === (current?.key ?? null)) return;
  stopTelephony();
  if (key && userInfo && factory) startTelephony(factory(userInfo), key);
}

let following = false;

/**
 * Makes the telephony root follow the session from now on (idempotent; main windows only). `create`
 * builds a root for a user; the app passes the real wiring (telephony-wiring.ts), tests their fakes.
 */
export function followSession(create: TelephonyFactory): void {
  factory = create;
  if (windowBridge().role !== 'main') return;
  if (!following) {
    following = true;
    sessionActor.subscribe((snapshot) => sync(snapshot.context.userInfo));
  }
  sync(sessionActor.getSnapshot().context.userInfo);
}

import.meta.hot?.dispose(() => stopTelephony());
