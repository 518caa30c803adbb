// The questions the simulator driver asks before acting ("is 1001 logged in?", "which call is 1001
// on, and as whom?"), each answered from the actors' current snapshots or refused with a typed error.

import { TelephonyError } from '../errors';
import { roleOf, type Role } from './call-parties';
import { callStateName } from './call.machine';
import { directCallRefusal, extensionParts, type ExtensionSnapshot } from './extension.machine';
import { routingView, type CallRef, type ExtensionRef, type PbxActor, type PbxContext } from './pbx.machine';
import type { FailReason } from './protocol';
import { decideRoute } from './routing';

const FAIL_CODE: Record<FailReason, 'busy' | 'not_logged_in'> = {
  busy: 'busy',
  not_logged_in: 'not_logged_in',
  noanswer: 'busy',
  unreachable: 'busy',
};

export class PbxLookups {
  constructor(private readonly pbx: PbxActor) {}

  /** The PBX's current state; refuses once the driver is closed (its actors are stopped). */
  get live(): PbxContext {
    this.assertOpen();
    return this.pbx.getSnapshot().context;
  }

  assertOpen(): void {
    if (this.pbx.getSnapshot().status !== 'active') throw new TelephonyError('pbx_unavailable', 'the simulator is closed');
  }

  extensionOrNull(ext: string): ExtensionRef | null {
    return this.live.extensions[ext] ?? null;
  }

  extension(ext: string): ExtensionRef {
    const line = this.extensionOrNull(ext);
    if (!line) throw new TelephonyError('unknown_extension', `no extension ${ext}`);
    return line;
  }

  loggedIn(ext: string): ExtensionRef {
    const line = this.extension(ext);
    if (extensionParts(line.getSnapshot()).registration !== 'loggedIn') {
      throw new TelephonyError('not_logged_in', `extension ${ext} is not logged in`);
    }
    return line;
  }

  currentCall(ext: string): CallRef | null {
    const callId = this.extension(ext).getSnapshot().context.callId;
    return callId ? (this.live.calls[callId] ?? null) : null;
  }

  callOf(ext: string): { call: CallRef; role: Role } {
    const call = this.currentCall(ext);
    const role = call ? roleOf(call.getSnapshot().context, ext) : null;
    if (!call || !role) throw new TelephonyError('no_call', `extension ${ext} has no call`);
    return { call, role };
  }

  /** The extension's call, answered, with the extension on one side of it, in one of `states`. */
  connectedCallOf(ext: string, states: string[]): CallRef {
    const { call, role } = this.callOf(ext);
    const state = callStateName(call.getSnapshot());
    if ((role !== 'caller' && role !== 'callee') || !states.includes(state)) {
      throw new TelephonyError('no_call', `extension ${ext} has no answered call for that (${state})`);
    }
    return call;
  }

  /** The answered call `target` is talking on (for listen and whisper). */
  liveCallOf(target: string): CallRef {
    this.extension(target);
    const call = this.currentCall(target);
    const role = call ? roleOf(call.getSnapshot().context, target) : null;
    if (!call || (role !== 'caller' && role !== 'callee') || !callStateName(call.getSnapshot()).startsWith('connected')) {
      throw new TelephonyError('no_call', `extension ${target} has no live call`);
    }
    return call;
  }

  /**
   * Refuse up front what the PBX would refuse: a busy, logged-out or unreachable destination. An outside
   * caller to a ring group nobody can ring follows its no-answer destination; one of our extensions
   * dialling or transferring to it is told `busy`, as before ring groups had one.
   */
  refuseUnreachable(destination: string, callerExt: string | null): void {
    const view = { ...routingView(this.live), newChannel: () => '' };
    const { decision } = decideRoute(view, { uniqueid: '', destination, attempt: 'first', tried: [], callerExt });
    if (decision.type === 'route.fail') {
      throw new TelephonyError(FAIL_CODE[decision.reason], `${destination} cannot take the call (${decision.reason})`);
    }
    if (decision.type === 'route.noAnswer' && callerExt !== null) throw new TelephonyError('busy', `nobody of ring group ${destination} can ring`);
  }

  /** A consult rings the extension itself, so its forwarding does not apply. */
  refuseConsultTarget(target: string, line: ExtensionRef): void {
    const snapshot: ExtensionSnapshot = line.getSnapshot();
    const refusal = directCallRefusal(snapshot) ?? (target in this.live.reserved ? 'busy' : null);
    if (refusal) throw new TelephonyError(refusal, `${target} cannot take the call`);
  }
}
