// Where AMI events become the product's events: channel events go through the call tracker, device
// and queue-member states update the extension book, and whatever changed is published to the
// driver's listeners (extension_status only when the codes actually change).

import type { CallScreen, DriverEvent, TelephonyListener } from '../driver';
import { AmiCallTracker } from './ami-call-tracker';
import { header } from './ami-client';
import type { AmiMessage } from './ami-protocol';
import { ExtensionBook, lineFromDeviceState, lineFromExtensionState, presenceFromPause } from './extension-book';

export interface AmiEventRouterOptions {
  isRegistered(ext: string): boolean;
  server: string;
  recordingFile(from: string, to: string, uniqueid: string): string;
  now(): number;
  /** Called after a Hangup has been handled, so the driver can forget per-call state. */
  onHangup(): void;
  /** A caller the dialplan sent to a callback group (UserEvent CallbackRequest) leaves a callback request. */
  leaveCallback?: CallScreen['leaveCallback'];
}

export class AmiEventRouter {
  readonly book: ExtensionBook;
  readonly calls: AmiCallTracker;
  private readonly listeners = new Set<TelephonyListener>();

  constructor(private readonly options: AmiEventRouterOptions) {
    this.book = new ExtensionBook(options.isRegistered);
    this.calls = new AmiCallTracker({
      isExtension: (peer) => this.book.has(peer),
      server: options.server,
      recordingFile: options.recordingFile,
      now: options.now,
    });
  }

  subscribe(listener: TelephonyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
  }

  handle(event: AmiMessage): void {
    const name = header(event, 'Event');
    if (name === 'ExtensionStatus') {
      const ext = header(event, 'Exten') ?? '';
      if (this.book.has(ext)) {
        this.book.setLine(ext, lineFromExtensionState(Number(header(event, 'Status'))));
        this.publishStatus(ext);
      }
    } else if (name === 'QueueMemberStatus' || name === 'QueueMemberPause') {
      this.queueMember(event);
    } else if (name === 'UserEvent') {
      this.routingEvent(event);
    }
    for (const mapped of this.calls.handle(event)) this.publish(mapped);
    if (name === 'Hangup') this.options.onHangup();
  }

  publishStatus(ext: string): void {
    const event = this.book.changes(ext);
    if (event) this.publish(event);
  }

  private queueMember(event: AmiMessage): void {
    const ext = (header(event, 'Interface') ?? header(event, 'StateInterface') ?? '').split('/')[1] ?? '';
    if (!this.book.has(ext)) return;
    const status = Number(header(event, 'Status'));
    if (Number.isFinite(status)) this.book.setLine(ext, lineFromDeviceState(status));
    const presence = presenceFromPause(header(event, 'Paused') === '1', header(event, 'PausedReason') ?? header(event, 'Reason') ?? '');
    // A pause reason we do not know (another tool paused the agent) keeps our state; so does DND,
    // which is not a queue pause.
    if (presence && this.book.presenceOf(ext) !== 'dnd') this.book.setPresence(ext, presence);
    this.publishStatus(ext);
  }

  /**
   * The routing dialplan's own events (routing-dialplan.ts), named after the call (its Linkedid, as the
   * call tracker names calls): `CallBlocked` (the blacklist refused the caller) → `call_blocked`;
   * `CallRouted` (a sound file, voicemail or hang-up: nothing rings) → `call_routed`; `CallbackRequest`
   * → `call_routed` to the callback group and the same callback request the built-in PBX leaves (a
   * failure to write it stays here). Other user events are not ours.
   */
  private routingEvent(event: AmiMessage): void {
    const kind = header(event, 'UserEvent');
    const from = header(event, 'From') || header(event, 'CallerIDNum') || '';
    const to = header(event, 'To') ?? '';
    const uniqueid = header(event, 'Linkedid') || header(event, 'Uniqueid') || '';
    const at = new Date(this.options.now());
    const routed = (destination: { type: string; target: string | null }) => {
      if (uniqueid) this.publish({ type: 'call_routed', payload: { uniqueid, from, to, destination, at: at.toISOString() } });
    };
    if (kind === 'CallBlocked') {
      if (uniqueid) this.publish({ type: 'call_blocked', payload: { uniqueid, from, to, at: at.toISOString() } });
    } else if (kind === 'CallRouted') {
      const type = header(event, 'Type') ?? '';
      const target = header(event, 'Target') ?? '';
      if (['sound_file', 'voicemail', 'hangup'].includes(type)) routed({ type, target: /^[0-9]{1,20}$/.test(target) ? target : null });
    } else if (kind === 'CallbackRequest') {
      const group = header(event, 'Group') ?? '';
      if (!/^[0-9]{1,20}$/.test(group)) return;
      routed({ type: 'callback_group', target: group });
      if (from !== '') void this.options.leaveCallback?.({ from, group, at })?.catch(() => undefined);
    }
  }

  /** To the driver's listeners; also for what the driver itself knows (the caller id of a call it placed). */
  publish(event: DriverEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        /* a listener's failure stays with the listener */
      }
    }
  }
}
