// The one seam between the product and a PBX. The HTTP API (CONTRACT §7), the sockets (§8) and the
// simulator control endpoints are written against these types only; which driver sits behind them is
// a per-company setting (`simulator`, `asterisk`, `legacy-http`). One driver instance serves one
// company, so extension numbers may repeat across companies without ever meeting.

import type { DndOption, ExtensionState } from './status-codes';
import type { RoutingLoad } from './applied-routing';

export type { DndOption, ExtensionState } from './status-codes';

export type DriverKind = 'simulator' | 'asterisk' | 'legacy-http';

// ---------------------------------------------------------------------------------------------------
// Directory: what the PBX needs to know about a company's numbers.

export interface DirectoryExtension {
  number: string;
  name: string;
}

/**
 * Queues: Asterisk's ringall, leastrecent, fewestcalls, rrmemory, linear, random (`roundrobin`, the old
 * name, rings as rrmemory); ring groups ringall, hunt, memoryhunt or firstavailable (FreePBX's).
 */
export type RingStrategy =
  | 'ringall'
  | 'leastrecent'
  | 'fewestcalls'
  | 'rrmemory'
  | 'linear'
  | 'random'
  | 'roundrobin'
  | 'hunt'
  | 'memoryhunt'
  | 'firstavailable';

/** Where a call goes (CONTRACT §10 destination): `{ type, target }`. */
export interface CallDestination {
  type: string;
  target: string | null;
}

export interface DirectoryGroup {
  number: string;
  name?: string;
  strategy: RingStrategy;
  /** Extension numbers in order; a ring group's may also be outside numbers (rung through the trunk). */
  members: string[];
  /** Ring groups: how long each ring lasts (the PBX's ring timeout when absent). */
  ringTimeS?: number;
  /**
   * Ring groups: where a call nobody answered (or nobody could ring) goes; queues: where a caller who
   * waited `maxWaitS` goes (the overflow). Hang up when absent.
   */
  noAnswer?: CallDestination | null;
  /** Queues: a member's penalty (absent: 0); higher penalties are offered calls only when no lower one is free. */
  penalties?: Record<string, number>;
  /** Queues: seconds a member rests after a queue call ended before the queue offers them another. */
  wrapupS?: number;
  /** Queues: the longest a caller waits before leaving for `noAnswer` (no limit when absent). */
  maxWaitS?: number;
  /**
   * Queues: what a waiting caller hears besides the music: a sound file (by id) and/or their position,
   * every `everyS` seconds. The built-in PBX plays nothing; Asterisk gets them in queues.conf.
   */
  announce?: { soundFileId: number | null; position: boolean; everyS: number | null };
}

export interface TelephonyDirectory {
  extensions: DirectoryExtension[];
  /** Queues hold callers until a member is free. */
  queues?: DirectoryGroup[];
  /** Ring groups ring their members once and give up (the call ends as missed). */
  ringGroups?: DirectoryGroup[];
}

// ---------------------------------------------------------------------------------------------------
// Events (CONTRACT §8). `extension` is the room the event goes to: the socket layer emits `payload`
// as the socket.io event named `type` into the room of that extension.

export interface InboundCallPayload {
  phone_no: string;
  ext_no: string;
  /** The queue or ring group that routed the call, '' for a direct call. */
  ring_gr: string;
  uniqueid: string;
  /** The ringing extension's own channel (usable with hangup-with-channel). The spelling is the specification's. */
  chanel: string;
  ivr_number: string;
  recordingfile: string;
  server: string;
}

export type CallState = 'ringing' | 'answered' | 'held' | 'transferred' | 'hangup';

export interface CallStatePayload {
  uniqueid: string;
  state: CallState;
  /** The extension this state is about (same as the room). */
  extension: string;
  /** The other party as this extension sees it: a phone number or an extension. */
  number: string;
}

export interface ExtensionStatusPayload {
  extension: string;
  exten_status: number;
  status: number;
}

export type TelephonyEvent =
  | { type: 'inbound_call'; extension: string; payload: InboundCallPayload }
  | { type: 'call_state'; extension: string; payload: CallStatePayload }
  | { type: 'extension_status'; extension: string; payload: ExtensionStatusPayload };

// ---------------------------------------------------------------------------------------------------
// Company-level call events. A caller waiting in a queue while every member is busy or away is heard by
// no extension, so the events above never mention that call; these do, for the call log and the
// callback list (docs/calls.md). They name no extension and are not CONTRACT §8 events: the socket
// layer drops them, so no agent ever receives one. Sent once per call whose caller enters a queue.

/** How a queue call ended, as the PBX saw it. */
export type CallEndOutcome =
  /** Someone the queue connected the caller to answered (possibly after a transfer). */
  | 'answered'
  /** The caller hung up before anyone answered. */
  | 'abandoned'
  /** The PBX gave up on the caller unanswered (e.g. an Asterisk queue's timeout). */
  | 'missed';

export interface QueueCallPayload {
  uniqueid: string;
  /** The caller's number as the PBX has it (an outside number, or an extension calling the queue). */
  from: string;
  /** The queue the caller entered first: the call's callee. */
  queue: string;
  /** When the PBX saw it happen (ISO 8601). */
  at: string;
}

export interface CallEndedPayload extends QueueCallPayload {
  outcome: CallEndOutcome;
}

/** An inbound call the PBX refused before routing it (the caller is blacklisted): nothing rang. */
export interface BlockedCallPayload {
  uniqueid: string;
  /** The caller's number as it arrived. */
  from: string;
  /** What the caller dialled: an extension, queue or ring group. */
  to: string;
  at: string;
}

/** One of our extensions placed a call (dial, click-to-call), and the caller id it presents outside. */
export interface PlacedCallPayload {
  uniqueid: string;
  extension: string;
  number: string;
  /** The caller id number the call carries; '' for the extension's default. */
  caller_id: string;
  at: string;
}

/** An inbound call the routing sent where nothing of ours rings (sound file, voicemail, callback group, hang-up). */
export interface RoutedCallPayload {
  uniqueid: string;
  from: string;
  /** What the caller dialled (an inbound number, or a ring group whose no-answer destination it is). */
  to: string;
  destination: CallDestination;
  at: string;
}

export type CompanyCallEvent =
  /** The caller entered a queue: the call is in progress even while it rings nobody. */
  | { type: 'call_started'; payload: QueueCallPayload }
  /** The caller has left the PBX. Extensions may still be on the call (their own hangups follow). */
  | { type: 'call_ended'; payload: CallEndedPayload }
  /** The PBX refused an inbound call (blacklist): logged as blocked, no extension heard of it. */
  | { type: 'call_blocked'; payload: BlockedCallPayload }
  /** An extension placed a call: which caller id it carries (the call log's outbound row). */
  | { type: 'call_placed'; payload: PlacedCallPayload }
  /** The routing sent an inbound call where no extension rings: logged as routed (docs/calls.md). */
  | { type: 'call_routed'; payload: RoutedCallPayload };

/** Everything a driver publishes: the extensions' events and the company-level ones. */
export type DriverEvent = TelephonyEvent | CompanyCallEvent;

export type TelephonyListener = (event: DriverEvent) => void;

// ---------------------------------------------------------------------------------------------------
// Results.

export interface ForwardingState {
  transfer: boolean;
  /** The forward-to number, '' when forwarding is off. */
  number: string;
}

export interface DialResult {
  uniqueid: string;
}

export interface DialOptions {
  /** The number the call presents to the far side (one of the company's caller ids); absent: the extension's default. */
  callerId?: string;
}

/** What placing a simulated inbound call did: `blocked` when the PBX refused the caller (blacklist). */
export interface PlaceCallResult extends DialResult {
  blocked?: true;
  /** Where the company's routing sent a call to one of its inbound numbers (docs/routing.md). */
  routed?: { type: string; target: string | null };
}

/**
 * A company's call screening, consulted by the PBX before it routes an inbound call: the blacklist
 * (docs/telephony.md "Blacklist"). Outbound numbers are screened before any driver is asked
 * (services/telephony/local-telephony.ts), so every driver refuses them alike.
 */
export interface CallScreen {
  /** Whether calls from `number` (an outside caller ID as it arrived) are refused. */
  refusesCaller(number: string): Promise<boolean>;
  /**
   * Where the company's live routing sends a call to `to` (docs/routing.md): null when `to` is none of
   * its inbound numbers (the PBX rings what was dialled). A decision only: nothing is written.
   */
  routeInbound?(call: InboundRouteRequest): Promise<InboundRoute | null>;
  /** A caller routed to callback group `group` leaves a callback request for their number. */
  leaveCallback?(call: { from: string; group: string; at: Date }): Promise<void>;
  /** Where `destination` (a ring group's no-answer destination) leads through the live routing (IVRs followed). */
  followDestination?(call: { from: string; destination: CallDestination; at: Date }): Promise<InboundRoute>;
}

export interface InboundRouteRequest {
  to: string;
  from: string;
  at?: Date;
  digits?: string;
}

export interface InboundRoute {
  destination: { type: string; target: string | null };
  /** The ring group or queue it rings through (`ring_gr`). */
  ringGroup: string;
  /** The last IVR it went through (`ivr_number`). */
  ivrNumber: string;
}

export interface ChannelResult {
  /** The extension's channel in its current call, null when it has none. */
  channel: string | null;
}

export interface RecordingResult {
  /** True when one-touch recording is now running. */
  recording: boolean;
  /** The file being (or last) recorded. */
  file: string;
}

// ---------------------------------------------------------------------------------------------------
// The driver.

/**
 * Commands take the acting extension first. Ownership (an agent acts only on their own extension) is
 * checked by the HTTP layer; drivers check the telephony rules and throw `TelephonyError`.
 */
export interface TelephonyDriver {
  readonly kind: DriverKind;

  /** Replace the company's directory: extensions, queues and ring groups. */
  configure(directory: TelephonyDirectory): Promise<void>;
  /** Replace the extension list only (`/v1/users/save-extensions`); queues and ring groups stay. */
  saveExtensions(extensions: DirectoryExtension[]): Promise<void>;

  load(ext: string): Promise<ExtensionState>;
  /** The extension is alive (socket `register`, every 10 s). Silence for the registration TTL logs it out. */
  register(ext: string): Promise<ExtensionState>;
  unregister(ext: string): Promise<ExtensionState>;

  /** 1 do-not-disturb, 11 rest, 21 lunch, 31 after-call. */
  dndOn(ext: string, option: DndOption): Promise<void>;
  /** Back to available. */
  dndOff(ext: string): Promise<void>;

  /** Call forwarding on. */
  transfer(ext: string, number: string): Promise<void>;
  unTransfer(ext: string): Promise<void>;
  checkTransfer(ext: string): Promise<ForwardingState>;

  /** Outbound call from `ext` to `number` (digits, an extension, a queue or a ring group). */
  dial(ext: string, number: string, options?: DialOptions): Promise<DialResult>;
  /** Custom dial (`/clicktocall/click_ziotes.php`); the same as dial except over legacy HTTP. */
  clickToCall(ext: string, number: string, options?: DialOptions): Promise<DialResult>;
  answer(ext: string): Promise<void>;
  /** Hang up the extension's call, or one channel of it. */
  hangup(ext: string, channel?: string): Promise<void>;
  hold(ext: string): Promise<void>;
  unhold(ext: string): Promise<void>;
  blindTransfer(ext: string, number: string): Promise<void>;
  /** First call starts the consult leg; a second call (or hangup by `ext`) completes the transfer. */
  attendedTransfer(ext: string, number: string): Promise<void>;
  listen(ext: string, target: string): Promise<void>;
  whisper(ext: string, target: string): Promise<void>;
  queueReset(queue: string): Promise<void>;
  playSound(ext: string, channel?: string): Promise<void>;
  getChannel(ext: string): Promise<ChannelResult>;
  /** Toggle one-touch recording of the extension's current call. */
  oneTouchRecording(ext: string): Promise<RecordingResult>;

  /** Listen to this company's events. Returns the unsubscribe function. */
  subscribe(listener: TelephonyListener): () => void;

  /** Present only on the built-in PBX: the controls behind `/cti/simulator/*`. */
  readonly simulator?: SimulatorControls;

  /**
   * A PBX that routes inbound calls from its own configuration (Asterisk) takes the company's applied
   * routing here (docs/telephony.md "Inbound routing on Asterisk"). The built-in PBX reads the applied
   * routing itself and has none; a remote CTI server decides for itself.
   */
  loadRouting?(load: RoutingLoad): Promise<void>;

  /** Stop timers, close sockets. The driver is unusable afterwards. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------
// Built-in PBX controls (CONTRACT §7 `POST /cti/simulator/calls`, `/calls/{uniqueid}/hangup`).

export interface PlaceCallRequest {
  /** Outside caller ID: untrusted, validated (digits, optional leading +, at most 20). */
  from: string;
  /** An extension, queue or ring group of this company, or one of its inbound numbers. */
  to: string;
  /** The keys the caller presses in IVR menus, in order. */
  digits?: string;
  /** When the routing is evaluated (the simulator's time travel for tests and demos); now when left out. */
  at?: Date;
}

export interface SimulatorControls {
  placeInboundCall(request: PlaceCallRequest): Promise<PlaceCallResult>;
  hangupFromFar(uniqueid: string): Promise<void>;
  /** The outside number a ring group is ringing for call `uniqueid` answers, or refuses (docs/cti-api.md). */
  answerOutside(uniqueid: string, number: string): Promise<void>;
  refuseOutside(uniqueid: string, number: string): Promise<void>;
  snapshot(): SimulatorSnapshot;
}

export interface SimulatorExtensionView {
  number: string;
  name: string;
  exten_status: number;
  status: number;
  registered: boolean;
  presence: 'available' | 'dnd' | 'rest' | 'lunch' | 'after';
  line: 'idle' | 'ringing' | 'onCall';
  callId: string | null;
  forward: string | null;
  /** Registrations so far and the last one's time (epoch ms). */
  registrations: number;
  lastRegisteredAt: number | null;
}

export interface SimulatorPartyView {
  kind: 'extension' | 'external';
  number: string;
  channel: string;
}

export interface SimulatorCallView {
  uniqueid: string;
  /** The call actor's state, e.g. 'ringing', 'queued', 'connected.talking', 'connected.consulting.ringing'. */
  state: string;
  caller: SimulatorPartyView;
  callee: SimulatorPartyView | null;
  destination: string;
  ringGroup: string;
  ringing: string[];
  /** Outside numbers a ring group is ringing for this call. */
  ringingOutside: string[];
  consult: { uniqueid: string; by: string; target: string; answered: boolean } | null;
  spies: { ext: string; mode: 'listen' | 'whisper' }[];
  recordingfile: string;
  /** A call one of our extensions placed: the caller id it presents outside, null for the extension's default. */
  callerId: string | null;
}

export interface SimulatorGroupView {
  number: string;
  kind: 'queue' | 'ringGroup';
  strategy: RingStrategy;
  members: string[];
  /** Calls in the queue (waiting or ringing a member), oldest first. */
  calls: string[];
  lastRung: string | null;
  stats: { answered: number; abandoned: number; missed: number };
}

export interface SimulatorSnapshot {
  extensions: SimulatorExtensionView[];
  calls: SimulatorCallView[];
  groups: SimulatorGroupView[];
}
