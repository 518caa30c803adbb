import type { AnnouncementEvent } from '../contracts/announcement.contract';
import type { AutoCallRunStatus, AutoCallRunTracePush } from '../contracts/auto-call-run.contract';
import type { QueueStatusRecord } from '../contracts/queue-status.contract';

/**
 * Typed event maps of the app's socket.io connection (CONTRACT §8). The server implements the same maps;
 * keep both sides in step when an event changes.
 */

/** Payload of the three client → server room commands (specification section 7). */
export interface ExtensionRoomPayload {
  extensionNumber: string;
}

export interface ClientToServerEvents {
  register: (payload: ExtensionRoomPayload) => void;
  join_extension_room: (payload: ExtensionRoomPayload) => void;
  leave_extension_room: (payload: ExtensionRoomPayload) => void;
  /** Beyond CONTRACT §8: the company's queue board room; every queue's `queue_status` follows at once. */
  join_queue_board: (payload: Record<string, never>) => void;
  leave_queue_board: (payload: Record<string, never>) => void;
  /** The company's auto-call room: each run's `auto_call_run` follows (docs/auto-call.md "Runner"). */
  join_auto_call: (payload: Record<string, never>) => void;
  leave_auto_call: (payload: Record<string, never>) => void;
  /** The same for the statechart inspector: every step of the runs' machines as `auto_call_run_trace` (docs/inspector.md). */
  join_auto_call_trace: (payload: Record<string, never>) => void;
  leave_auto_call_trace: (payload: Record<string, never>) => void;
}

export type ClientToServerEventName = keyof ClientToServerEvents;

/** Exactly the query fields of the inbound pop-up (specification section 2), `chanel` spelling included. */
export interface InboundCallPayload {
  phone_no: string;
  ext_no: string;
  ring_gr: string;
  uniqueid: string;
  chanel: string;
  ivr_number: string;
  recordingfile: string;
  server: string;
}

/**
 * The announcement node's namespace (specification: "a websocket to an announcement node"; docs/
 * announcements.md): `announcement` and `slogan` go to it, and the app's own socket.io server is the
 * built-in node. They go to the default namespace too, for clients of CONTRACT §8's socket.
 */
export const ANNOUNCEMENT_NAMESPACE = '/announcement';

export const CALL_STATES = ['ringing', 'answered', 'held', 'transferred', 'hangup'] as const;
export type CallStateName = (typeof CALL_STATES)[number];

export interface CallStatePayload {
  uniqueid: string;
  state: CallStateName;
  /** The extension of this agent's leg of the call. */
  extension: string;
  /** The other party. */
  number: string;
}

/** Status codes as in specification section 4: `exten_status` 51 = logged in; `status` 11/21/31 = rest/lunch/after. */
export interface ExtensionStatusPayload {
  extension: string;
  exten_status: number;
  status: number;
}

/**
 * Beyond CONTRACT §8: sent to a socket right after it joins an extension's room, just before the events
 * of the calls the extension is on are sent again (docs/cti-api.md): their uniqueids, so a phone that was
 * offline learns which of the calls it remembers ended meanwhile, and their ages, so a rebuilt pop-up
 * says when its call came in rather than when the page was reloaded.
 */
export interface LiveCallsPayload {
  extension: string;
  uniqueids: string[];
  /** For each of them, how long ago (ms) the PBX first told of the call at this extension. */
  age_ms: Record<string, number>;
}

export interface ServerToClientEvents {
  inbound_call: (payload: InboundCallPayload) => void;
  call_state: (payload: CallStatePayload) => void;
  extension_status: (payload: ExtensionStatusPayload) => void;
  /** Beyond CONTRACT §8: a manager changed this user (permissions...); fetch `users/check-user` again. */
  user_updated: () => void;
  live_calls: (payload: LiveCallsPayload) => void;
  /** Beyond CONTRACT §8: the extension's call forwarding changed elsewhere (transfers screen, CTI API, schedule). */
  forwarding_changed: (payload: { extension: string; transfer: boolean; number: string }) => void;
  /** Beyond CONTRACT §8: an automatic callback try is calling `phone_number` through this extension (callback.contract.ts). */
  callback_call: (payload: { extension: string; uniqueid: string; callback_id: number; phone_number: string }) => void;
  /** CONTRACT §12: one queue's live board, to its company's board room (after `join_queue_board`, docs/queues.md). */
  queue_status: (payload: QueueStatusRecord) => void;
  /** CONTRACT §13: an auto-call campaign's run changed, to its company's auto-call room (after `join_auto_call`, docs/auto-call.md). */
  auto_call_run: (payload: AutoCallRunStatus) => void;
  /** Beyond the contract: one step of a run's machine on the server, to the company's trace room (after `join_auto_call_trace`). */
  auto_call_run_trace: (payload: AutoCallRunTracePush) => void;
  /** CONTRACT §14: an announcement was published to this user's company (docs/announcements.md). */
  announcement: (payload: AnnouncementEvent) => void;
  /** Beyond the contract: the company's slogan changed (the header shows the new one). */
  slogan: (payload: { slogan: string | null }) => void;
}

export type ServerToClientEventName = keyof ServerToClientEvents;
