// The built-in PBX behind the driver interface. Commands are checked here against the actors' current
// snapshots (so a wrong command gets a typed error, not silence), then sent as events. Actors process
// events synchronously, so when a command returns, every resulting event has been published.

import { createActor, type ActorOptions, type AnyActorLogic } from 'xstate';

/** XState's clock (setTimeout/clearTimeout), e.g. a SimulatedClock. */
export type PbxClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
import type {
  ChannelResult,
  DialResult,
  DirectoryExtension,
  ForwardingState,
  PlaceCallRequest,
  RecordingResult,
  SimulatorControls,
  SimulatorSnapshot,
  TelephonyDirectory,
  TelephonyDriver,
  TelephonyListener,
} from '../driver';
import { TelephonyError } from '../errors';
import { normaliseCallerId, normaliseDialledNumber } from '../phone-number';
import { isDndOption, presenceOfOption, type DndOption, type ExtensionState } from '../status-codes';
import { channelOf, ownerOfChannel, roleOf } from './call-parties';
import { callStateName } from './call.machine';
import { validateDirectory } from './directory';
import { directCallRefusal, extensionParts, statusOfExtension } from './extension.machine';
import { createIdentifiers, type PbxIdentifiers } from '../identifiers';
import { pbxMachine, routingView, type CallRef, type PbxActor } from './pbx.machine';
import type { CallCommand, FailReason, NewCall } from './protocol';
import { decideRoute } from './routing';
import { describeSimulator } from './snapshot-view';

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
  /** Time source for uniqueids and file names. @default Date.now */
  now?: () => number;
}

const FAIL_CODE: Record<FailReason, 'busy' | 'not_logged_in'> = {
  busy: 'busy',
  not_logged_in: 'not_logged_in',
  noanswer: 'busy',
  unreachable: 'busy',
};

export class SimulatorDriver implements TelephonyDriver {
  readonly kind = 'simulator' as const;
  readonly simulator: SimulatorControls;
  /** The PBX root actor, for tests and inspection. */
  readonly pbx: PbxActor;
  private readonly ids: PbxIdentifiers;
  private readonly listeners = new Set<TelephonyListener>();
  private directory: TelephonyDirectory = { extensions: [], queues: [], ringGroups: [] };

  constructor(options: SimulatorOptions = {}) {
    this.ids = createIdentifiers(options.now);
    this.pbx = createActor(pbxMachine, {
      input: {
        server: options.server ?? 'simulator',
        registrationTtlMs: options.registrationTtlMs ?? 35_000,
        ringTimeoutMs: options.ringTimeoutMs ?? 20_000,
        farAnswerDelayMs: options.farAnswerDelayMs ?? 3_000,
        ids: this.ids,
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
    this.pbx.start();
    this.simulator = {
      placeInboundCall: (request) => this.placeInboundCall(request),
      hangupFromFar: (uniqueid) => this.hangupFromFar(uniqueid),
      snapshot: () => this.snapshot(),
    };
  }

  // --- directory -------------------------------------------------------------------------------------

  async configure(directory: TelephonyDirectory): Promise<void> {
    this.directory = validateDirectory(directory);
    this.assertOpen();
    this.pbx.send({ type: 'pbx.configure', directory: this.directory });
  }

  async saveExtensions(extensions: DirectoryExtension[]): Promise<void> {
    const numbers = new Set(extensions.map((e) => e.number));
    const keepMembers = (groups: TelephonyDirectory['queues']) =>
      (groups ?? []).map((g) => ({ ...g, members: g.members.filter((m) => numbers.has(m)) }));
    await this.configure({ extensions, queues: keepMembers(this.directory.queues), ringGroups: keepMembers(this.directory.ringGroups) });
  }

  // --- registration and agent state -------------------------------------------------------------------

  async load(ext: string): Promise<ExtensionState> {
    return statusOfExtension(this.extension(ext).getSnapshot());
  }

  async register(ext: string): Promise<ExtensionState> {
    this.extension(ext).send({ type: 'ext.register' });
    return this.load(ext);
  }

  async unregister(ext: string): Promise<ExtensionState> {
    this.extension(ext).send({ type: 'ext.unregister' });
    return this.load(ext);
  }

  async dndOn(ext: string, option: DndOption): Promise<void> {
    if (!isDndOption(option)) throw new TelephonyError('invalid_option', 'option must be 1, 11, 21 or 31');
    this.loggedIn(ext).send({ type: 'ext.presence', presence: presenceOfOption(option) });
  }

  async dndOff(ext: string): Promise<void> {
    this.loggedIn(ext).send({ type: 'ext.presence', presence: 'available' });
  }

  async transfer(ext: string, number: string): Promise<void> {
    const line = this.extension(ext);
    const target = normaliseDialledNumber(number);
    if (target === ext) throw new TelephonyError('invalid_number', 'an extension cannot forward to itself');
    line.send({ type: 'ext.forward', number: target });
  }

  async unTransfer(ext: string): Promise<void> {
    this.extension(ext).send({ type: 'ext.forward', number: null });
  }

  async checkTransfer(ext: string): Promise<ForwardingState> {
    const forward = this.extension(ext).getSnapshot().context.forward;
    return { transfer: forward !== null, number: forward ?? '' };
  }

  // --- calls ---------------------------------------------------------------------------------------------

  async dial(ext: string, number: string): Promise<DialResult> {
    this.loggedIn(ext);
    const destination = normaliseDialledNumber(number);
    if (destination === ext) throw new TelephonyError('invalid_number', 'an extension cannot dial itself');
    if (this.currentCall(ext)) throw new TelephonyError('busy', 'the extension is already on a call');
    this.refuseUnreachable(destination, ext);
    const uniqueid = this.ids.uniqueid();
    const caller = { kind: 'extension' as const, ext, channel: this.ids.channel(ext) };
    this.place({ uniqueid, caller, destination, recordingfile: this.ids.recordingFile(ext, destination, uniqueid) });
    return { uniqueid };
  }

  async clickToCall(ext: string, number: string): Promise<DialResult> {
    return this.dial(ext, number);
  }

  async answer(ext: string): Promise<void> {
    const { call, role } = this.callOf(ext);
    const consult = call.getSnapshot().context.consult;
    const answerable = role === 'ringing' || (role === 'consultTarget' && consult?.answered === false);
    if (!answerable) throw new TelephonyError('no_call', 'nothing is ringing on this extension');
    this.command(call, { type: 'call.answer', ext });
  }

  async hangup(ext: string, channel?: string): Promise<void> {
    const { call } = this.callOf(ext);
    if (channel === undefined || channel === '') return this.command(call, { type: 'call.hangup', ext });
    const owner = ownerOfChannel(call.getSnapshot().context, channel);
    if (!owner) throw new TelephonyError('no_call', 'that channel is not part of this extension\'s call');
    this.command(call, 'external' in owner ? { type: 'call.farHangup' } : { type: 'call.hangup', ext: owner.ext });
  }

  async hold(ext: string): Promise<void> {
    this.command(this.connectedCallOf(ext, ['connected.talking']), { type: 'call.hold', ext });
  }

  async unhold(ext: string): Promise<void> {
    this.command(this.connectedCallOf(ext, ['connected.held']), { type: 'call.unhold', ext });
  }

  async blindTransfer(ext: string, number: string): Promise<void> {
    const call = this.connectedCallOf(ext, ['connected.talking', 'connected.held']);
    const destination = normaliseDialledNumber(number);
    if (destination === ext) throw new TelephonyError('invalid_number', 'cannot transfer to yourself');
    this.refuseUnreachable(destination, ext);
    this.command(call, { type: 'call.blindTransfer', ext, destination });
  }

  async attendedTransfer(ext: string, number: string): Promise<void> {
    const { call, role } = this.callOf(ext);
    const context = call.getSnapshot().context;
    if (context.consult?.by === ext) return this.command(call, { type: 'call.completeTransfer', ext });
    if (role !== 'caller' && role !== 'callee') throw new TelephonyError('no_call', 'no answered call to transfer');
    this.connectedCallOf(ext, ['connected.talking', 'connected.held']);
    const target = normaliseDialledNumber(number);
    const targetLine = this.extensionOrNull(target);
    if (!targetLine) throw new TelephonyError('invalid_number', 'an attended transfer consults one of the company\'s extensions');
    if (target === ext || roleOf(context, target) !== null) throw new TelephonyError('invalid_number', 'that extension is already on this call');
    // The consult rings the extension itself: its forwarding does not apply.
    const refusal = directCallRefusal(targetLine.getSnapshot()) ?? (target in this.live.reserved ? 'busy' : null);
    if (refusal) throw new TelephonyError(refusal, `${target} cannot take the call`);
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
    const group = this.live.groups[queue];
    if (!group) throw new TelephonyError('unknown_queue', `no queue or ring group ${queue}`);
    group.send({ type: 'group.reset' });
  }

  async playSound(ext: string, channel?: string): Promise<void> {
    const { call } = this.callOf(ext);
    if (channel && !ownerOfChannel(call.getSnapshot().context, channel)) {
      throw new TelephonyError('no_call', 'that channel is not part of this extension\'s call');
    }
    // The simulator has no audio: accepting the command is all there is to do.
  }

  async getChannel(ext: string): Promise<ChannelResult> {
    this.extension(ext);
    const call = this.currentCall(ext);
    return { channel: call ? channelOf(call.getSnapshot().context, ext) : null };
  }

  async oneTouchRecording(ext: string): Promise<RecordingResult> {
    const call = this.connectedCallOf(ext, ['connected.talking', 'connected.held']);
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

  private async placeInboundCall(request: PlaceCallRequest): Promise<DialResult> {
    const from = normaliseCallerId(request.from);
    const to = typeof request.to === 'string' ? request.to.trim() : '';
    const { extensions, groups } = this.live;
    if (!extensions[to] && !groups[to]) throw new TelephonyError('unknown_extension', `no extension, queue or ring group ${to}`);
    this.refuseUnreachable(to, null);
    const uniqueid = this.ids.uniqueid();
    const caller = { kind: 'external' as const, number: from, channel: this.ids.channel('trunk') };
    this.place({ uniqueid, caller, destination: to, recordingfile: this.ids.recordingFile(from, to, uniqueid) });
    return { uniqueid };
  }

  private async hangupFromFar(uniqueid: string): Promise<void> {
    const call = this.live.calls[uniqueid];
    if (!call) throw new TelephonyError('no_call', `no call ${uniqueid}`);
    this.command(call, { type: 'call.farHangup' });
  }

  private snapshot(): SimulatorSnapshot {
    return describeSimulator(this.live);
  }

  // --- helpers --------------------------------------------------------------------------------------------

  /** The PBX's current state; refuses once the driver is closed (its actors are stopped). */
  private get live() {
    this.assertOpen();
    return this.pbx.getSnapshot().context;
  }

  private assertOpen(): void {
    if (this.pbx.getSnapshot().status !== 'active') throw new TelephonyError('pbx_unavailable', 'the simulator is closed');
  }

  private place(call: NewCall): void {
    this.pbx.send({ type: 'pbx.placeCall', call });
  }

  private command(call: CallRef, command: CallCommand): void {
    call.send(command);
  }

  private extensionOrNull(ext: string) {
    return this.live.extensions[ext] ?? null;
  }

  private extension(ext: string) {
    const line = this.extensionOrNull(ext);
    if (!line) throw new TelephonyError('unknown_extension', `no extension ${ext}`);
    return line;
  }

  private loggedIn(ext: string) {
    const line = this.extension(ext);
    if (extensionParts(line.getSnapshot()).registration !== 'loggedIn') {
      throw new TelephonyError('not_logged_in', `extension ${ext} is not logged in`);
    }
    return line;
  }

  private currentCall(ext: string): CallRef | null {
    const callId = this.extension(ext).getSnapshot().context.callId;
    return callId ? (this.live.calls[callId] ?? null) : null;
  }

  private callOf(ext: string) {
    const call = this.currentCall(ext);
    const role = call ? roleOf(call.getSnapshot().context, ext) : null;
    if (!call || !role) throw new TelephonyError('no_call', `extension ${ext} has no call`);
    return { call, role };
  }

  /** The extension's call, answered, with the extension on one side of it, in one of `states`. */
  private connectedCallOf(ext: string, states: string[]): CallRef {
    const { call, role } = this.callOf(ext);
    const state = callStateName(call.getSnapshot());
    if ((role !== 'caller' && role !== 'callee') || !states.includes(state)) {
      throw new TelephonyError('no_call', `extension ${ext} has no answered call for that (${state})`);
    }
    return call;
  }

  /** Refuse up front what the PBX would refuse: a busy, logged-out or unreachable destination. */
  private refuseUnreachable(destination: string, callerExt: string | null): void {
    const view = { ...routingView(this.live), newChannel: () => '' };
    const { decision } = decideRoute(view, { uniqueid: '', destination, attempt: 'first', tried: [], callerExt });
    if (decision.type === 'route.fail') {
      throw new TelephonyError(FAIL_CODE[decision.reason], `${destination} cannot take the call (${decision.reason})`);
    }
  }

  private spy(ext: string, target: string, mode: 'listen' | 'whisper'): void {
    this.loggedIn(ext);
    if (this.currentCall(ext)) throw new TelephonyError('busy', 'finish your own call first');
    const { call } = this.callOfTarget(target);
    this.command(call, { type: 'call.spy', ext, channel: this.ids.channel(ext), mode, target });
  }

  private callOfTarget(target: string): { call: CallRef } {
    this.extension(target);
    const call = this.currentCall(target);
    const role = call ? roleOf(call.getSnapshot().context, target) : null;
    if (!call || (role !== 'caller' && role !== 'callee') || !callStateName(call.getSnapshot()).startsWith('connected')) {
      throw new TelephonyError('no_call', `extension ${target} has no live call`);
    }
    return { call };
  }
}
