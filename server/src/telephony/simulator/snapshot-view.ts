// A plain-data picture of the simulator for tests, the demo and inspection: no actor refs leak out.

import type { SimulatorCallView, SimulatorPartyView, SimulatorSnapshot } from '../driver';
import { callStateName } from './call.machine';
import { extensionParts, statusOfExtension } from './extension.machine';
import type { PbxContext } from './pbx.machine';
import type { Party } from './protocol';

function party(p: Party): SimulatorPartyView {
  return p.kind === 'extension'
    ? { kind: 'extension', number: p.ext, channel: p.channel }
    : { kind: 'external', number: p.number, channel: p.channel };
}

export function describeSimulator(context: PbxContext): SimulatorSnapshot {
  const extensions = Object.values(context.extensions).map((ref) => {
    const snapshot = ref.getSnapshot();
    const parts = extensionParts(snapshot);
    return {
      number: snapshot.context.number,
      name: snapshot.context.name,
      ...statusOfExtension(snapshot),
      registered: parts.registration === 'loggedIn',
      presence: parts.presence,
      line: parts.line,
      callId: snapshot.context.callId,
      forward: snapshot.context.forward,
      registrations: snapshot.context.registrations,
      lastRegisteredAt: snapshot.context.lastRegisteredAt,
    };
  });
  const calls = Object.values(context.calls).map((ref): SimulatorCallView => {
    const snapshot = ref.getSnapshot();
    const c = snapshot.context;
    return {
      uniqueid: c.uniqueid,
      state: callStateName(snapshot),
      caller: party(c.caller),
      callee: c.callee ? party(c.callee) : null,
      destination: c.destination,
      ringGroup: c.ringGroup,
      ringing: c.ringing.map((leg) => leg.ext),
      ringingOutside: c.ringingOutside.map((leg) => leg.number),
      consult: c.consult ? { uniqueid: c.consult.uniqueid, by: c.consult.by, target: c.consult.target.ext, answered: c.consult.answered } : null,
      spies: c.spies.map((s) => ({ ext: s.ext, mode: s.mode })),
      recordingfile: c.recordingfile,
      callerId: (c.caller.kind === 'extension' && c.caller.callerId) || null,
    };
  });
  const groups = Object.values(context.groups).map((ref) => {
    const g = ref.getSnapshot().context;
    return { number: g.number, kind: g.kind, strategy: g.strategy, members: [...g.members], calls: [...g.calls], lastRung: g.lastRung, stats: { ...g.stats } };
  });
  return { extensions, calls, groups };
}
