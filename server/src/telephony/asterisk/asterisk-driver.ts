// The driver for a real Asterisk, over the Asterisk Manager Interface. It has only ever been tested
// against AMI transcripts in Asterisk's documented format, never against a live Asterisk (docs/telephony.md).
//
// Command → AMI action:
//   dial, clickToCall  Originate (Channel = the agent's phone, Exten = the number, ChannelId = our uniqueid)
//   answer             SIPnotify / PJSIPNotify Event=talk (phones that honour remote answer)
//   hangup             Hangup (the given channel, the agent's tracked channel, or /^SIP\/1001-.*$/)
//   blindTransfer      Redirect of the agent's peer channel
//   attendedTransfer   Atxfer on the agent's channel; a second call hangs the agent up, which completes it
//   listen, whisper    Originate Application=ChanSpy Data=<tech>/<target>,q (whisper: qw)
//   dndOn 11/21/31     QueuePause Paused=true Reason=rest|lunch|after;  dndOn 1: DBPut DND/<ext>=YES
//   dndOff             QueuePause Paused=false and DBDel DND/<ext>
//   transfer, unTransfer, checkTransfer   DBPut / DBDel / DBGet CF/<ext> (FreePBX's call-forward keys)
//   queueReset QueueReset · getChannel CoreShowChannels · oneTouchRecording MixMonitor / StopMixMonitor
//   playSound          Originate Application=Playback to the agent's phone
//   load               ExtensionState (line) + our registration + the agent's state
//   loadRouting        CreateConfig / ListCategories / UpdateConfig of the routing dialplan and the queues,
//                      then Reload pbx_config (and app_queue): docs/telephony.md "Inbound routing on Asterisk"

import type { RoutingLoad } from '../applied-routing';
import type {
  CallScreen,
  ChannelResult,
  DialOptions,
  DialResult,
  DirectoryExtension,
  DirectoryGroup,
  ForwardingState,
  RecordingResult,
  TelephonyDirectory,
  TelephonyDriver,
  TelephonyListener,
} from '../driver';
import { TelephonyError } from '../errors';
import { createIdentifiers, type PbxIdentifiers } from '../identifiers';
import { isDirectoryNumber, normaliseCallerId, normaliseDialledNumber } from '../phone-number';
import { RegistrationTracker } from '../registration-tracker';
import { isDndOption, presenceOfOption, type DndOption, type ExtensionState } from '../status-codes';
import { AmiClient, header, type AmiConnectionOptions } from './ami-client';
import { AmiEventRouter } from './ami-event-router';
import type { AmiAction } from './ami-protocol';
import { writeConfigFile } from './config-loader';
import { generateQueuesConfig } from './queues-config';
import { generateRoutingDialplan, type DialplanOptions } from './routing-dialplan';
import { lineFromExtensionState, PAUSE_REASON } from './extension-book';

export interface AmiConfig extends AmiConnectionOptions {
  /** Dialplan context for Originate, Redirect, Atxfer and ExtensionState. @default 'from-internal' */
  context?: string;
  /** @default 'SIP' */
  channelTech?: 'SIP' | 'PJSIP';
  /** Reported as `server` in inbound_call. @default host */
  server?: string;
  /** @default 35_000 */
  registrationTtlMs?: number;
  /** Sound file played by playSound. @default 'beep' */
  playSoundFile?: string;
  now?: () => number;
  /** How the routing dialplan dials an outside number (ring group members). @default 'PJSIP/${number}@trunk' */
  trunk?: string;
  /** Sound files, greetings and the callback prompt of the routing dialplan (routing-dialplan.ts). */
  sounds?: Pick<DialplanOptions, 'soundPrefix' | 'callbackPrompt' | 'voicemailBox'>;
  /** The company's screening: a callback group's UserEvent leaves its callback request here. */
  screen?: CallScreen;
}

/** The files the routing is written to, one pair per company, under Asterisk's configuration directory. */
export const routingFiles = (prefix: string) => ({ dialplan: `extensions_callcentre_${prefix}.conf`, queues: `queues_callcentre_${prefix}.conf` });

export class AsteriskDriver implements TelephonyDriver {
  readonly kind = 'asterisk' as const;
  readonly client: AmiClient;
  private readonly context: string;
  private readonly tech: string;
  private readonly ids: PbxIdentifiers;
  private readonly registration: RegistrationTracker;
  private readonly events: AmiEventRouter;
  private readonly consulting = new Set<string>();
  private readonly recording = new Map<string, string>();
  /** The company's queues as the last directory named them, for queues.conf. */
  private queues: DirectoryGroup[] = [];

  constructor(private readonly config: AmiConfig) {
    this.context = config.context ?? 'from-internal';
    this.tech = config.channelTech ?? 'SIP';
    this.ids = createIdentifiers(config.now);
    this.registration = new RegistrationTracker(config.registrationTtlMs ?? 35_000, (ext) => this.events.publishStatus(ext));
    this.events = new AmiEventRouter({
      isRegistered: (ext) => this.registration.isRegistered(ext),
      server: config.server ?? config.host,
      recordingFile: (from, to, uniqueid) => this.ids.recordingFile(from, to, uniqueid),
      now: config.now ?? (() => Date.now()),
      onHangup: () => this.forgetFinishedCalls(),
      ...(config.screen?.leaveCallback ? { leaveCallback: config.screen.leaveCallback.bind(config.screen) } : {}),
    });
    this.client = new AmiClient(config);
    this.client.onEvent((event) => this.events.handle(event));
  }

  /** Connect and log in; resolves when ready. Commands before that answer `pbx_unavailable`. */
  start(): Promise<void> {
    return this.client.start();
  }

  async configure(directory: TelephonyDirectory): Promise<void> {
    // Queues and ring groups are Asterisk's own configuration; we only need to know our extensions.
    this.events.book.setNumbers(directory.extensions.map((e) => e.number));
    if (directory.queues) this.queues = directory.queues;
  }

  /**
   * The company's applied routing as dialplan (and its queues as queues.conf), written over AMI and
   * reloaded. Tested against an AMI peer only, never a live Asterisk (docs/telephony.md).
   */
  async loadRouting({ prefix, applied }: RoutingLoad): Promise<void> {
    const now = new Date((this.config.now ?? Date.now)());
    // The routing's year is Asia/Seoul's.
    const year = new Date(now.getTime() + 9 * 60 * 60_000).getUTCFullYear();
    const dialplan = generateRoutingDialplan(applied, { prefix, tech: this.tech as 'SIP' | 'PJSIP', year, queues: this.queues, ...(this.config.trunk ? { trunk: this.config.trunk } : {}), ...this.config.sounds });
    const queues = generateQueuesConfig(this.queues, this.tech as 'SIP' | 'PJSIP', this.config.sounds?.soundPrefix);
    const files = routingFiles(prefix);
    await writeConfigFile(this.client, files.dialplan, dialplan);
    if (queues.length > 0) await writeConfigFile(this.client, files.queues, queues);
    await this.client.send([['Action', 'Reload'], ['Module', 'pbx_config']]);
    if (queues.length > 0) await this.client.send([['Action', 'Reload'], ['Module', 'app_queue']]);
  }

  async saveExtensions(extensions: DirectoryExtension[]): Promise<void> {
    await this.configure({ extensions });
  }

  async load(ext: string): Promise<ExtensionState> {
    this.known(ext);
    if (this.registration.isRegistered(ext)) {
      const { response } = await this.client.send([['Action', 'ExtensionState'], ['Exten', ext], ['Context', this.context]]);
      this.events.book.setLine(ext, lineFromExtensionState(Number(header(response, 'Status'))));
      this.events.publishStatus(ext);
    }
    return this.events.book.state(ext);
  }

  async register(ext: string): Promise<ExtensionState> {
    this.registration.register(this.known(ext));
    return this.events.book.state(ext);
  }

  async unregister(ext: string): Promise<ExtensionState> {
    this.registration.unregister(this.known(ext));
    return this.events.book.state(ext);
  }

  async dndOn(ext: string, option: DndOption): Promise<void> {
    if (!isDndOption(option)) throw new TelephonyError('invalid_option', 'option must be 1, 11, 21 or 31');
    this.loggedIn(ext);
    const presence = presenceOfOption(option);
    if (presence === 'dnd') {
      await this.client.send([['Action', 'DBPut'], ['Family', 'DND'], ['Key', ext], ['Val', 'YES']]);
    } else {
      const reason = PAUSE_REASON[presence as keyof typeof PAUSE_REASON];
      await this.client.send([['Action', 'QueuePause'], ['Interface', this.device(ext)], ['Paused', 'true'], ['Reason', reason]]);
    }
    this.events.book.setPresence(ext, presence);
    this.events.publishStatus(ext);
  }

  async dndOff(ext: string): Promise<void> {
    this.loggedIn(ext);
    await this.client.send([['Action', 'QueuePause'], ['Interface', this.device(ext)], ['Paused', 'false']]);
    await this.ignoreMissing(this.client.send([['Action', 'DBDel'], ['Family', 'DND'], ['Key', ext]]));
    this.events.book.setPresence(ext, 'available');
    this.events.publishStatus(ext);
  }

  async transfer(ext: string, number: string): Promise<void> {
    const target = normaliseDialledNumber(number);
    await this.client.send([['Action', 'DBPut'], ['Family', 'CF'], ['Key', this.known(ext)], ['Val', target]]);
  }

  async unTransfer(ext: string): Promise<void> {
    await this.ignoreMissing(this.client.send([['Action', 'DBDel'], ['Family', 'CF'], ['Key', this.known(ext)]]));
  }

  async checkTransfer(ext: string): Promise<ForwardingState> {
    try {
      const { events } = await this.client.send(
        [['Action', 'DBGet'], ['Family', 'CF'], ['Key', this.known(ext)]],
        (event) => header(event, 'Event') === 'DBGetResponse' || header(event, 'Event') === 'DBGetComplete',
      );
      const value = events.map((e) => header(e, 'Val')).find((v) => v !== undefined) ?? '';
      return { transfer: value !== '', number: value };
    } catch (error) {
      if (error instanceof TelephonyError && error.code === 'pbx_error') return { transfer: false, number: '' };
      throw error;
    }
  }

  /**
   * The originated channel carries `CallerID` into the dialplan, whose outbound route presents it on the
   * trunk (FreePBX does unless the route overrides it): the company's caller id when the user has one,
   * else the extension, as before.
   */
  async dial(ext: string, number: string, options: DialOptions = {}): Promise<DialResult> {
    this.loggedIn(ext);
    const destination = normaliseDialledNumber(number);
    const callerId = options.callerId ? normaliseCallerId(options.callerId) : '';
    const uniqueid = this.ids.uniqueid();
    await this.client.send([
      ['Action', 'Originate'],
      ['Channel', this.device(ext)],
      ['Context', this.context],
      ['Exten', destination],
      ['Priority', '1'],
      ['CallerID', callerId || ext],
      ['Timeout', '30000'],
      ['Async', 'true'],
      ['ChannelId', uniqueid],
    ]);
    const at = new Date((this.config.now ?? Date.now)()).toISOString();
    this.events.publish({ type: 'call_placed', payload: { uniqueid, extension: ext, number: destination, caller_id: callerId, at } });
    return { uniqueid };
  }

  async clickToCall(ext: string, number: string, options?: DialOptions): Promise<DialResult> {
    return this.dial(ext, number, options);
  }

  async answer(ext: string): Promise<void> {
    this.known(ext);
    const action: AmiAction =
      this.tech === 'PJSIP'
        ? [['Action', 'PJSIPNotify'], ['Endpoint', ext], ['Variable', 'Event=talk']]
        : [['Action', 'SIPnotify'], ['Channel', this.device(ext)], ['Variable', 'Event=talk']];
    await this.client.send(action);
  }

  async hangup(ext: string, channel?: string): Promise<void> {
    this.known(ext);
    if (this.consulting.has(ext)) this.consulting.delete(ext);
    if (channel) {
      // Only a channel of the extension's own call: the channel name comes from the client.
      if (!this.events.calls.channelsOfCall(ext).includes(channel)) throw new TelephonyError('no_call', 'that channel is not part of this extension\'s call');
      await this.client.send([['Action', 'Hangup'], ['Channel', channel]]);
      return;
    }
    const own = this.events.calls.channelOf(ext)?.channel ?? `/^${this.tech}\\/${ext}-.*$/`;
    await this.client.send([['Action', 'Hangup'], ['Channel', own]]);
  }

  async hold(_ext: string): Promise<void> {
    throw new TelephonyError('unsupported', 'AMI has no hold action; hold from the phone');
  }

  async unhold(_ext: string): Promise<void> {
    throw new TelephonyError('unsupported', 'AMI has no hold action; hold from the phone');
  }

  async blindTransfer(ext: string, number: string): Promise<void> {
    const destination = normaliseDialledNumber(number);
    const peer = this.liveChannel(ext).peer;
    if (!peer) throw new TelephonyError('no_call', 'no party to transfer');
    await this.client.send([['Action', 'Redirect'], ['Channel', peer], ['Exten', destination], ['Context', this.context], ['Priority', '1']]);
  }

  async attendedTransfer(ext: string, number: string): Promise<void> {
    const own = this.liveChannel(ext);
    if (this.consulting.has(ext)) {
      // Asterisk completes an attended transfer when the transferring party hangs up.
      this.consulting.delete(ext);
      await this.client.send([['Action', 'Hangup'], ['Channel', own.channel]]);
      return;
    }
    const destination = normaliseDialledNumber(number);
    await this.client.send([['Action', 'Atxfer'], ['Channel', own.channel], ['Exten', destination], ['Context', this.context]]);
    this.consulting.add(ext);
  }

  async listen(ext: string, target: string): Promise<void> {
    await this.spy(ext, target, 'q');
  }

  async whisper(ext: string, target: string): Promise<void> {
    await this.spy(ext, target, 'qw');
  }

  async queueReset(queue: string): Promise<void> {
    if (!isDirectoryNumber(queue)) throw new TelephonyError('unknown_queue', 'a queue is 2 to 10 digits');
    await this.client.send([['Action', 'QueueReset'], ['Queue', queue]]);
  }

  async playSound(ext: string, _channel?: string): Promise<void> {
    this.loggedIn(ext);
    const sound = this.config.playSoundFile ?? 'beep';
    await this.client.send([['Action', 'Originate'], ['Channel', this.device(ext)], ['Application', 'Playback'], ['Data', sound], ['Async', 'true']]);
  }

  async getChannel(ext: string): Promise<ChannelResult> {
    this.known(ext);
    const { events } = await this.client.send([['Action', 'CoreShowChannels']], (e) => header(e, 'Event') === 'CoreShowChannelsComplete');
    const prefix = `${this.device(ext)}-`;
    const channel = events.map((e) => header(e, 'Channel') ?? '').find((c) => c.startsWith(prefix));
    return { channel: channel ?? null };
  }

  async oneTouchRecording(ext: string): Promise<RecordingResult> {
    const own = this.liveChannel(ext);
    const current = this.recording.get(ext);
    if (current) {
      await this.client.send([['Action', 'StopMixMonitor'], ['Channel', own.channel]]);
      this.recording.delete(ext);
      return { recording: false, file: current };
    }
    const file = this.ids.oneTouchFile(ext, own.callId);
    await this.client.send([['Action', 'MixMonitor'], ['Channel', own.channel], ['File', file]]);
    this.recording.set(ext, file);
    return { recording: true, file };
  }

  subscribe(listener: TelephonyListener): () => void {
    return this.events.subscribe(listener);
  }

  async close(): Promise<void> {
    this.events.clear();
    this.registration.close();
    await this.client.close();
  }

  private forgetFinishedCalls(): void {
    for (const ext of [...this.consulting, ...this.recording.keys()]) {
      if (!this.events.calls.channelOf(ext)) {
        this.consulting.delete(ext);
        this.recording.delete(ext);
      }
    }
  }

  // --- helpers ----------------------------------------------------------------------------------------------

  private device(ext: string): string {
    return `${this.tech}/${ext}`;
  }

  private known(ext: string): string {
    if (!this.events.book.has(ext)) throw new TelephonyError('unknown_extension', `no extension ${ext}`);
    return ext;
  }

  private loggedIn(ext: string): string {
    if (!this.registration.isRegistered(this.known(ext))) throw new TelephonyError('not_logged_in', `extension ${ext} is not logged in`);
    return ext;
  }

  private liveChannel(ext: string) {
    const own = this.events.calls.channelOf(this.known(ext));
    if (!own) throw new TelephonyError('no_call', `extension ${ext} has no call`);
    return own;
  }

  private async spy(ext: string, target: string, options: 'q' | 'qw'): Promise<void> {
    this.loggedIn(ext);
    const live = this.events.calls.channelOf(this.known(target));
    if (!live || !live.answered) throw new TelephonyError('no_call', `extension ${target} has no live call`);
    await this.client.send([
      ['Action', 'Originate'],
      ['Channel', this.device(ext)],
      ['Application', 'ChanSpy'],
      ['Data', `${this.device(target)},${options}`],
      ['CallerID', ext],
      ['Async', 'true'],
    ]);
  }

  /** DBDel of a key that is not there answers Response: Error; for "remove" that is success. */
  private async ignoreMissing(sent: Promise<unknown>): Promise<void> {
    try {
      await sent;
    } catch (error) {
      if (!(error instanceof TelephonyError && error.code === 'pbx_error' && /not found|entry/i.test(error.message))) throw error;
    }
  }
}
