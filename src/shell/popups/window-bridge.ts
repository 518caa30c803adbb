import type { UserInfo } from '../../api/contracts/session.contract';
import type { PhoneSummary } from '../../machines/phone/phone.selectors';
import { POPUP_BASE } from './popup-table';

/**
 * Typed messages between the main window and pop-up windows (guides/architecture.md §5: the main window
 * owns the telephony actors; pop-ups reach them over this bridge). One BroadcastChannel, 'callcentre',
 * same origin only. Pop-ups share the session through localStorage and never sign in themselves.
 *
 * A BroadcastChannel delivers to every other window of the origin, so each message carries its target
 * ('main' or 'popups') and a window only hears what is addressed to its own role. Where BroadcastChannel
 * is missing, every call is a no-op: pop-ups still work, they just do not hear from each other.
 */
export const BRIDGE_CHANNEL = 'callcentre';

export type BridgeMessage =
  /** The signed-in user changed (login elsewhere, profile update) or ended (null). */
  | { type: 'session.updated'; userInfo: UserInfo | null }
  /** A pop-up window finished loading. */
  | { type: 'popup.opened'; popupId: string; url: string }
  /** A pop-up window is closing (pagehide). */
  | { type: 'popup.closed'; popupId: string; url: string }
  /** A pop-up window saved and closes: its confirmation, for the main window to show (popup-toasts.ts). */
  | { type: 'popup.saved'; message: string }
  /**
   * A pop-up or a follower tab asks the main window to act on its telephony actors (dial, hang up,
   * transfer...). The telephony code uses `action: 'command'` with a `PhoneCommand` payload.
   */
  | { type: 'cti.request'; action: string; payload?: unknown }
  /** The tab that owns the phone publishes its state to pop-ups and follower tabs (src/shell/telephony). */
  | { type: 'cti.state'; summary: PhoneSummary }
  /** The agent chose one of several members for a call (select-member pop-up → inbound pop-up). */
  | { type: 'cti.member_selected'; uniqueid: string; memberId: number };

export type BridgeRole = 'main' | 'popup';
type Target = 'main' | 'popups';

interface Envelope {
  source: 'callcentre-bridge';
  target: Target;
  message: BridgeMessage;
}

/** The part of BroadcastChannel the bridge uses, so tests can pass a fake. */
export interface ChannelLike {
  postMessage(data: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface WindowBridge {
  readonly role: BridgeRole;
  postToMain(message: BridgeMessage): void;
  postToPopups(message: BridgeMessage): void;
  /** Messages addressed to this window's role. Returns the unsubscribe function. */
  subscribe(handler: (message: BridgeMessage) => void): () => void;
  close(): void;
}

/** A window showing a /window route is a pop-up; anything else is the main window. */
export function isPopupWindow(pathname: string = globalThis.location?.pathname ?? ''): boolean {
  return pathname === POPUP_BASE || pathname.startsWith(`${POPUP_BASE}/`);
}

function defaultChannel(name: string): ChannelLike | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  try {
    return new BroadcastChannel(name);
  } catch {
    return null;
  }
}

function isEnvelope(data: unknown): data is Envelope {
  return typeof data === 'object' && data !== null && (data as Envelope).source === 'callcentre-bridge';
}

export function createWindowBridge(
  options: { role?: BridgeRole; createChannel?: (name: string) => ChannelLike | null } = {},
): WindowBridge {
  const role = options.role ?? (isPopupWindow() ? 'popup' : 'main');
  const channel = (options.createChannel ?? defaultChannel)(BRIDGE_CHANNEL);
  const mine: Target = role === 'main' ? 'main' : 'popups';
  const detach: Array<() => void> = [];

  const post = (target: Target, message: BridgeMessage) => {
    const envelope: Envelope = { source: 'callcentre-bridge', target, message };
    try {
      channel?.postMessage(envelope);
    } catch {
      // A closed channel or an uncloneable payload must not break the caller's flow.
    }
  };

  return {
    role,
    postToMain: (message) => post('main', message),
    postToPopups: (message) => post('popups', message),
    subscribe(handler) {
      if (!channel) return () => {};
      const listener = (event: MessageEvent) => {
        if (isEnvelope(event.data) && event.data.target === mine) handler(event.data.message);
      };
      channel.addEventListener('message', listener);
      const off = () => channel.removeEventListener('message', listener);
      detach.push(off);
      return off;
    },
    close() {
      detach.splice(0).forEach((off) => off());
      channel?.close();
    },
  };
}

let shared: WindowBridge | null = null;

/** The app-lifetime bridge of this window, created on first use. */
export function windowBridge(): WindowBridge {
  shared ??= createWindowBridge();
  return shared;
}

export const postToMain = (message: BridgeMessage): void => windowBridge().postToMain(message);
export const postToPopups = (message: BridgeMessage): void => windowBridge().postToPopups(message);
export const subscribe = (handler: (message: BridgeMessage) => void): (() => void) =>
  windowBridge().subscribe(handler);
