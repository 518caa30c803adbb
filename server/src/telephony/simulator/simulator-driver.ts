// The built-in PBX behind the driver interface. Commands are checked here against the actors' current
// snapshots (so a wrong command gets a typed error, not silence), then sent as events. Actors process
// events synchronously, so when a command returns, every resulting event has been published.

import { createActor, type ActorOptions, type AnyActorLogic } from 'xstate';
import type {
  CallDestination,
  CallScreen,
  ChannelResult,
  DialOptions,
  DialResult,
  DirectoryExtension,
  DriverEvent,
  ForwardingState,
  InboundRoute,
  PlaceCallRequest,
  PlaceCallResult,
  RecordingResult,
  SimulatorControls,
  SimulatorSnapshot,
  TelephonyDirectory,
  TelephonyDriver,
  TelephonyListener,
} from '../driver';
import { TelephonyError } from '../errors';
import { createIdentifiers, type PbxIdentifiers } from '../identifiers';
import { normaliseCallerId, normaliseDialledNumber } from '../phone-number';
import { isDndOption, presenceOfOption, type DndOption, type ExtensionState } from '../status-codes';
import { channelOf, ownerOfChannel, roleOf } from './call-parties';
import { validateDirectory } from './directory';
import { statusOfExtension } from './extension.machine';
import { PbxLookups } from './pbx-lookups';
import { pbxMachine, type CallRef, type PbxActor, type RingGroupNoAnswer } from './pbx.machine';
import type { CallCommand, NewCall } from './protocol';
import { describeSimulator } from './snapshot-view';

/** XState's clock (setTimeout/clearTimeout), e.g. a SimulatedClock. */
export type PbxClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface SimulatorOptions {
  /** Reported as `server` in inbound_call. */
  server?: string;
  /** Logged out after this long without a register. @default 35_000 */
  registrationTtlMs?: number;
  /** An unanswered extension stops ringing after this long. @default 20_000 */
  ringTimeoutMs?: number;
  /** Outside numbers an agent dials answer after this long. @default 3_000 */
  farAnswerDelayMs?: number;
  /** XState clock (e.g. SimulatedClock) for timers; the real clock by default. */
  clock?: PbxClock;
  /** Time source for uniqueids, file names and the company-level call events' `at`. @default Date.now */
  now?: () => number;
  /** The company's blacklist: an inbound caller it refuses is logged as blocked and rings nobody. */
  screen?: CallScreen;
}


export class SimulatorDriver implements TelephonyDriver {
  readonly kind = 'simulator' as const;
  readonly simulator: SimulatorControls;
  /** The PBX root actor, for tests and inspection. */
  readonly pbx: PbxActor;
  private readonly ids: PbxIdentifiers;
  private readonly find: PbxLookups;
  private readonly listeners = new Set<TelephonyListener>();
  private readonly now: () => number;
  private readonly screen: CallScreen | null;
  private directory: TelephonyDirectory = { extensions: [], queues: [], ringGroups: [] };

  constructor(options: SimulatorOptions = {}) {
    this.ids = createIdentifiers(options.now);
    this.now = options.now ?? (() => Date.now());
    this.screen = options.screen ?? null;
    this.pbx = createActor(pbxMachine, {
      input: {
        server: options.server ?? 'simulator',
        registrationTtlMs: options.registrationTtlMs ?? 35_000,
        ringTimeoutMs: options.ringTimeoutMs ?? 20_000,
        farAnswerDelayMs: options.farAnswerDelayMs ?? 3_000,
        ids: this.ids,
        now: this.now,
      },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    this.pbx.on('telephony', ({ event }) => {
      for (const listener of this.listeners) {
        // A failing listener must not stop the others, nor reach the PBX actors.
        try {
          listener(event);
        } catch {
          /* the listener's own problem */
        }
      }
    });
    // Following a ring group's no-answer destination may read the routing: done here, not in the actors.
    // A failed callback request is the screen's to report; the call has ended by then (see followNoAnswer).
    this.pbx.on('ringGroupNoAnswer', (notice) => void this.followNoAnswer(notice).catch(() => undefined));
    this.pbx.start();
    this.find = new PbxLookups(this.pbx);
    this.simulator = {
      placeInboundCall: (request) => this.placeInboundCall(request),
      hangupFromFar: (uniqueid) => this.hangupFromFar(uniqueid),
      answerOutside: (uniqueid, number) => this.outsideLeg(uniqueid, number, 'call.outsideAnswer'),
      refuseOutside: (uniqueid, number) => this.outsideLeg(uniqueid, number, 'call.outsideRefuse'),
      snapshot: () => this.snapshot(),
    };
  }

  // --- directory -------------------------------------------------------------------------------------

  async configure(directory: TelephonyDirectory): Promise<void> {
    this.directory = validateDirectory(directory);
    this.find.assertOpen();
    this.pbx.send({ type: 'pbx.configure', directory: this.directory });
  }

  async saveExtensions(extensions: DirectoryExtension[]): Promise<void> {
    const numbers = new Set(extensions.map((e) => e.number));
    const before = new Set(this.directory.extensions.map((e) => e.number));
    // A removed extension leaves its groups; a ring group's outside numbers (never extensions) stay.
    const keepMembers = (groups: TelephonyDirectory['queues']) =>
      (groups ?? []).map((g) => ({ ...g, members: g.members.filter((m) => numbers.has(m) || !before.has(m)) }));
    await this.configure({ extensions, queues: keepMembers(this.directory.queues), ringGroups: keepMembers(this.directory.ringGroups) });
  }

  // --- registration and agent state -------------------------------------------------------------------

  async load(ext: string): Promise<ExtensionState> {
    return statusOfExtension(this.find.extension(ext).getSnapshot());
  }

  async register(ext: string): Promise<ExtensionState> {
    this.find.extension(ext).send({ type: 'ext.register' });
    return this.load(ext);
  }

  async unregister(ext: string): Promise<ExtensionState> {
    this.find.extension(ext).send({ type: 'ext.unregister' });
    return this.load(ext);
  }

  async dndOn(ext: string, option: DndOption): Promise<void> {
    if (!isDndOption(option)) throw new TelephonyError('invalid_option', 'option must be 1, 11, 21 or 31');
    this.find.loggedIn(ext).send({ type: 'ext.presence', presence: presenceOfOption(option) });
  }

  async dndOff(ext: string): Promise<void> {
    this.find.loggedIn(ext).send({ type: 'ext.presence', presence: 'available' });
  }

  async transfer(ext: string, number: string): Promise<void> {
    const line = this.find.extension(ext);
    const target = normaliseDialledNumber(number);
    if (target === ext) throw new TelephonyError('invalid_number', 'an extension cannot forward to itself');
    line.send({ type: 'ext.forward', number: target });
  }

  async unTransfer(ext: string): Promise<void> {
    this.find.extension(ext).send({ type: 'ext.forward', number: null });
  }

  async checkTransfer(ext: string): Promise<ForwardingState> {
    const forward = this.find.extension(ext).getSnapshot().context.forward;
    return { transfer: forward !== null, number: forward ?? '' };
  }

  // --- calls ---------------------------------------------------------------------------------------------

  async dial(ext: string, number: string, options: DialOptions = {}): Promise<DialResult> {
    this.find.loggedIn(ext);
    const destination = normaliseDialledNumber(number);
    const callerId = options.callerId ? normaliseCallerId(options.callerId) : '';
    if (destination === ext) throw new TelephonyError('invalid_number', 'an extension cannot dial itself');
    if (this.find.currentCall(ext)) throw new TelephonyError('busy', 'the extension is already on a call');
    this.find.refuseUnreachable(destination, ext);
    const uniqueid = this.ids.uniqueid();
    const caller = { kind: 'extension' as const, ext, channel: this.ids.channel(ext), ...(callerId ? { callerId } : {}) };
    this.place({ uniqueid, caller, destination, recordingfile: this.ids.recordingFile(ext, destination, uniqueid) });
    // After the call's first events, as Asterisk's driver sends it once its Originate is accepted.
    this.publish({ type: 'call_placed', payload: { uniqueid, extension: ext, number: destination, caller_id: callerId, at: this.stamp() } });
    return { uniqueid };
  }

  async clickToCall(ext: string, number: string, options?: DialOptions): Promise<DialResult> {
    return this.dial(ext, number, options);
  }

  async answer(ext: string): Promise<void> {
    const { call, role } = this.find.callOf(ext);
    const consult = call.getSnapshot().context.consult;
    const answerable = role === 'ringing' || (role === 'consultTarget' && consult?.answered === false);
    if (!answerable) throw new TelephonyError('no_call', 'nothing is ringing on this extension');
    this.command(call, { type: 'call.answer', ext });
  }

  async hangup(ext: string, channel?: string): Promise<void> {
    const { call } = this.find.callOf(ext);
    if (channel === undefined || channel === '') return this.command(call, { type: 'call.hangup', ext });
    const owner = ownerOfChannel(call.getSnapshot().context, channel);
    if (!owner) throw new TelephonyError('no_call', 'that channel is not part of this extension\'s call');
    this.command(call, 'external' in owner ? { type: 'call.farHangup' } : { type: 'call.hangup', ext: owner.ext });
  }

  async hold(ext: string): Promise<void> {
    this.command(this.find.connectedCallOf(ext, ['connected.talking']), { type: 'call.hold', ext });
  }

  async unhold(ext: string): Promise<void> {
    this.command(this.find.connectedCallOf(ext, ['connected.held']), { type: 'call.unhold', ext });
  }

  async blindTransfer(ext: string, number: string): Promise<void> {
    const call = this.find.connectedCallOf(ext, ['connected.talking', 'connected.held']);
    const destination = normaliseDialledNumber(number);
    if (destination === ext) throw new TelephonyError('invalid_number', 'cannot transfer to yourself');
    this.find.refuseUnreachable(destination, ext);
    this.command(call, { type: 'call.blindTransfer', ext, destination });
  }

  async attendedTransfer(ext: string, number: string): Promise<void> {
    const { call, role } = this.find.callOf(ext);
    const context = call.getSnapshot().context;
    if (context.consult?.by === ext) return this.command(call, { type: 'call.completeTransfer', ext });
    if (role !== 'caller' && role !== 'callee') throw new TelephonyError('no_call', 'no answered call to transfer');
    this.find.connectedCallOf(ext, ['connected.talking', 'connected.held']);
    const target = normaliseDialledNumber(number);
    const targetLine = this.find.extensionOrNull(target);
    if (!targetLine) throw new TelephonyError('invalid_number', 'an attended transfer consults one of the company\'s extensions');
    if (target === ext || roleOf(context, target) !== null) throw new TelephonyError('invalid_number', 'that extension is already on this call');
    this.find.refuseConsultTarget(target, targetLine);
    const consult = { ext: target, channel: this.ids.channel(target) };
    this.command(call, { type: 'call.consult', ext, target: consult, uniqueid: this.ids.uniqueid() });
  }

  async listen(ext: string, target: string): Promise<void> {
    this.spy(ext, target, 'listen');
  }

  async whisper(ext: string, target: string): Promise<void> {
    this.spy(ext, target, 'whisper');
  }

  async queueReset(queue: string): Promise<void> {
    const group = this.find.live.groups[queue];
    if (!group) throw new TelephonyError('unknown_queue', `no queue or ring group ${queue}`);
    group.send({ type: 'group.reset' });
  }

  async playSound(ext: string, channel?: string): Promise<void> {
    const { call } = this.find.callOf(ext);
    if (channel && !ownerOfChannel(call.getSnapshot().context, channel)) {
      throw new TelephonyError('no_call', 'that channel is not part of this extension\'s call');
    }
    // The simulator has no audio: accepting the command is all there is to do.
  }

  async getChannel(ext: string): Promise<ChannelResult> {
    this.find.extension(ext);
    const call = this.find.currentCall(ext);
    return { channel: call ? channelOf(call.getSnapshot().context, ext) : null };
  }

  async oneTouchRecording(ext: string): Promise<RecordingResult> {
    const call = this.find.connectedCallOf(ext, ['connected.talking', 'connected.held']);
    const { uniqueid } = call.getSnapshot().context;
    this.command(call, { type: 'call.recording', file: this.ids.oneTouchFile(ext, uniqueid) });
    const oneTouch = call.getSnapshot().context.oneTouch;
    return { recording: oneTouch?.active ?? false, file: oneTouch?.file ?? '' };
  }

  subscribe(listener: TelephonyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.pbx.stop();
  }

  // --- simulator controls ---------------------------------------------------------------------------------

  private async placeInboundCall(request: PlaceCallRequest): Promise<PlaceCallResult> {
    const from = normaliseCallerId(request.from);
    const to = typeof request.to === 'string' ? request.to.trim() : '';
    const { extensions, groups } = this.find.live;
    // A call to an inbound number follows the company's live routing (docs/routing.md).
    // `at` may arrive as text when another process forwarded the request (services/telephony/pbx-rpc.ts).
    const at = request.at ? new Date(request.at) : new Date(this.now());
    const routed = await this.screen?.routeInbound?.({ to, from, at, ...(request.digits ? { digits: request.digits } : {}) });
    if (!routed && !extensions[to] && !groups[to]) throw unknownNumber(to);
    // The blacklist comes before routing: a refused caller rings nobody, whoever is free.
    if (await this.screen?.refusesCaller(from)) {
      const uniqueid = this.ids.uniqueid();
      this.publish({ type: 'call_blocked', payload: { uniqueid, from, to, at: this.stamp() } });
      return { uniqueid, blocked: true };
    }
    const destination = routed ? ringingTarget(routed.destination) : to;
    if (routed && (destination === null || (!extensions[destination] && !groups[destination]))) {
      // Nothing rings: a message played, voicemail, a callback request left, or hung up.
      const uniqueid = this.ids.uniqueid();
      await this.routeAway({ uniqueid, from, to, destination: routed.destination, at });
      return { uniqueid, routed: routed.destination };
    }
    if (destination === null || (!extensions[destination] && !groups[destination])) throw unknownNumber(to);
    this.find.refuseUnreachable(destination, null);
    const uniqueid = this.ids.uniqueid();
    const caller = { kind: 'external' as const, number: from, channel: this.ids.channel('trunk') };
    this.place({ uniqueid, caller, destination, recordingfile: this.ids.recordingFile(from, destination, uniqueid), ...(routed?.ivrNumber ? { ivrNumber: routed.ivrNumber } : {}) });
    return { uniqueid, ...(routed ? { routed: routed.destination } : {}) };
  }

  private async hangupFromFar(uniqueid: string): Promise<void> {
    const call = this.find.live.calls[uniqueid];
    if (!call) throw new TelephonyError('no_call', `no call ${uniqueid}`);
    this.command(call, { type: 'call.farHangup' });
  }

  private async outsideLeg(uniqueid: string, number: string, type: 'call.outsideAnswer' | 'call.outsideRefuse'): Promise<void> {
    const call = this.find.live.calls[uniqueid];
    const outside = normaliseCallerId(number);
    if (!call || !call.getSnapshot().context.ringingOutside.some((leg) => leg.number === outside)) {
      throw new TelephonyError('no_call', `call ${uniqueid} is not ringing ${outside}`);
    }
    this.command(call, { type, number: outside });
  }

  /**
   * A ring group gave up (nobody answered or could ring): its no-answer destination, followed through the
   * live routing (an IVR there leads on), rings somewhere else or ends the call where nothing rings.
   */
  private async followNoAnswer(notice: RingGroupNoAnswer): Promise<void> {
    // The root emits this while it decides; the call takes the decision (leavingRingGroup) right after.
    await Promise.resolve();
    const at = new Date(this.now());
    const hangUp: InboundRoute = { destination: { type: 'hangup', target: null }, ringGroup: '', ivrNumber: '' };
    let routed: InboundRoute = { destination: notice.destination, ringGroup: '', ivrNumber: '' };
    try {
      if (notice.redirects >= MAX_RING_GROUP_REDIRECTS) routed = hangUp;
      else routed = (await this.screen?.followDestination?.({ from: notice.from, destination: notice.destination, at })) ?? routed;
    } catch {
      // The routing could not be read: the caller is not left hanging in the ring group.
      routed = hangUp;
    }
    const call = this.waitingCall(notice.uniqueid);
    if (!call) return;
    const target = ringingTarget(routed.destination);
    const { extensions, groups } = this.find.live;
    if (target !== null && (extensions[target] || groups[target])) {
      this.command(call, { type: 'call.redirect', destination: target, ivrNumber: routed.ivrNumber });
      return;
    }
    try {
      await this.routeAway({ uniqueid: notice.uniqueid, from: notice.from, to: notice.ringGroup, destination: routed.destination, at });
    } finally {
      this.waitingCall(notice.uniqueid)?.send({ type: 'call.routedAway' });
    }
  }

  /** The call still waiting for its ring group's no-answer destination (not once the caller hung up). */
  private waitingCall(uniqueid: string): CallRef | null {
    if (this.pbx.getSnapshot().status !== 'active') return null;
    const call = this.find.live.calls[uniqueid];
    return call && call.getSnapshot().value === 'leavingRingGroup' ? call : null;
  }

  /** A routed call ends where nothing rings: a callback group leaves its request; the call log hears of it. */
  private async routeAway(call: { uniqueid: string; from: string; to: string; destination: CallDestination; at: Date }): Promise<void> {
    const { uniqueid, from, to, destination, at } = call;
    // Logged first, so a callback request that fails to be written still leaves the call in the log.
    this.publish({ type: 'call_routed', payload: { uniqueid, from, to, destination, at: this.stamp() } });
    if (destination.type === 'callback_group' && destination.target) await this.screen?.leaveCallback?.({ from, group: destination.target, at });
  }

  private snapshot(): SimulatorSnapshot {
    return describeSimulator(this.find.live);
  }

  // --- helpers --------------------------------------------------------------------------------------------

  private place(call: NewCall): void {
    this.pbx.send({ type: 'pbx.placeCall', call });
  }

  /** Through the root, the one place events leave, so they keep the order things happened in. */
  private publish(event: DriverEvent): void {
    this.pbx.send({ type: 'publish', event });
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }

  private command(call: CallRef, command: CallCommand): void {
    call.send(command);
  }

  private spy(ext: string, target: string, mode: 'listen' | 'whisper'): void {
    this.find.loggedIn(ext);
    if (this.find.currentCall(ext)) throw new TelephonyError('busy', 'finish your own call first');
    const call = this.find.liveCallOf(target);
    this.command(call, { type: 'call.spy', ext, channel: this.ids.channel(ext), mode, target });
  }
}

/** A ring group whose no-answer destination leads back to ring groups more often than this hangs up. */
const MAX_RING_GROUP_REDIRECTS = 20;

const unknownNumber = (to: string) => new TelephonyError('unknown_extension', `no extension, queue, ring group or inbound number ${to}`);

/** The number a routed call rings: an extension, a queue or a ring group; null for what rings nobody. */
function ringingTarget(destination: { type: string; target: string | null }): string | null {
  return destination.type === 'extension' || destination.type === 'queue' || destination.type === 'ring_group' ? destination.target : null;
}
