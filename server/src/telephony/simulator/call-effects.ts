// What each step of a call does to the world, as data: a context patch, the events to publish (in
// order: pop-ups before status changes), the commands for extension lines and messages for the PBX
// root. The call machine decides *when*; these pure functions decide *what*, which keeps the
// statechart readable and every effect testable without actors.

import type { TelephonyEvent } from '../driver';
import {
  callStateEvent,
  inboundCallEvent,
  numberSeenBy,
  otherSide,
  partyExt,
  partyNumber,
  type CallParties,
  type Consult,
  type Spy,
} from './call-parties';
import type { PbxIdentifiers } from '../identifiers';
import type { CallOutcome, ExtensionEvent, ExtLeg, OutsideLeg, Party, PbxEvent } from './protocol';

export interface CallContext extends CallParties {
  ids: PbxIdentifiers;
  ringTimeoutMs: number;
  farAnswerDelayMs: number;
  /** How long the current ring lasts: a ring group's ring time, else the PBX's ring timeout. */
  ringForMs: number;
  /** A ring group's outside-number members ringing through the trunk. */
  ringingOutside: OutsideLeg[];
  /** Ring groups' no-answer destinations followed so far (a loop of groups stops). */
  redirects: number;
  tried: string[];
  attempt: 'first' | 'retry';
  /** Whether the calling extension has been told its call is ringing (once per destination). */
  callerAnnounced: boolean;
  everAnswered: boolean;
  outcome: CallOutcome;
  oneTouch: { active: boolean; file: string } | null;
}

export interface Effects {
  patch?: Partial<CallContext>;
  publish: TelephonyEvent[];
  lines: { ext: string; event: ExtensionEvent }[];
  parent: PbxEvent[];
}

const none = (): Effects => ({ publish: [], lines: [], parent: [] });

/** For event types a transition cannot receive (TypeScript narrowing only). */
export const nothing = none;

function tellCaller(ctx: CallContext, fx: Effects, number: string): void {
  const callerExt = partyExt(ctx.caller);
  if (callerExt && !ctx.callerAnnounced) fx.publish.push(callStateEvent(callerExt, ctx.uniqueid, 'ringing', number));
}

/** The caller's own phone is off-hook from the start when an extension places the call. */
export function connectCaller(ctx: CallContext): Effects {
  const fx = none();
  const callerExt = partyExt(ctx.caller);
  if (callerExt) fx.lines.push({ ext: callerExt, event: { type: 'line.connect', callId: ctx.uniqueid } });
  return fx;
}

export function startRinging(ctx: CallContext, targets: ExtLeg[], ringGroup: string, outside: OutsideLeg[] = [], ringMs?: number): Effects {
  const next = { ...ctx, ringGroup, ringing: targets };
  const fx = none();
  const rung = [...targets.map((l) => l.ext), ...outside.map((l) => l.number)];
  fx.patch = {
    ringing: targets,
    ringingOutside: outside,
    ringForMs: ringMs ?? ctx.ringTimeoutMs,
    ringGroup,
    tried: [...new Set([...ctx.tried, ...rung])],
    callerAnnounced: true,
  };
  for (const leg of targets) {
    fx.publish.push(inboundCallEvent(next, leg));
    fx.publish.push(callStateEvent(leg.ext, ctx.uniqueid, 'ringing', partyNumber(ctx.caller)));
  }
  tellCaller(ctx, fx, ctx.destination);
  for (const leg of targets) fx.lines.push({ ext: leg.ext, event: { type: 'line.ring', callId: ctx.uniqueid } });
  return fx;
}

export function waitInQueue(ctx: CallContext, ringGroup: string): Effects {
  const fx = none();
  fx.patch = { ringGroup, callerAnnounced: true };
  tellCaller(ctx, fx, ctx.destination);
  return fx;
}

/** Stop ringing `exts` (all ringing legs, outside ones too, when omitted): nobody answered, or one declined. */
export function stopRinging(ctx: CallContext, exts?: string[]): Effects {
  const stopping = ctx.ringing.filter((leg) => !exts || exts.includes(leg.ext));
  const fx = none();
  const ringingOutside = exts ? ctx.ringingOutside : [];
  fx.patch = { ringing: ctx.ringing.filter((leg) => !stopping.includes(leg)), ringingOutside };
  if (fx.patch.ringing?.length === 0 && ringingOutside.length === 0) fx.patch.attempt = 'retry';
  for (const leg of stopping) fx.publish.push(callStateEvent(leg.ext, ctx.uniqueid, 'hangup', partyNumber(ctx.caller)));
  for (const leg of stopping) fx.lines.push({ ext: leg.ext, event: { type: 'line.stopRinging', callId: ctx.uniqueid } });
  return fx;
}

/** First answer wins: the others stop ringing. */
export function answerRinging(ctx: CallContext, ext: string): Effects {
  const fx = none();
  const leg = ctx.ringing.find((l) => l.ext === ext);
  if (!leg) return fx;
  const others = ctx.ringing.filter((l) => l.ext !== ext);
  fx.patch = { callee: { kind: 'extension', ext, channel: leg.channel }, ringing: [], everAnswered: true };
  fx.publish.push(callStateEvent(ext, ctx.uniqueid, 'answered', partyNumber(ctx.caller)));
  for (const o of others) fx.publish.push(callStateEvent(o.ext, ctx.uniqueid, 'hangup', partyNumber(ctx.caller)));
  const callerExt = partyExt(ctx.caller);
  if (callerExt) fx.publish.push(callStateEvent(callerExt, ctx.uniqueid, 'answered', ext));
  for (const o of others) fx.lines.push({ ext: o.ext, event: { type: 'line.stopRinging', callId: ctx.uniqueid } });
  fx.lines.push({ ext, event: { type: 'line.connect', callId: ctx.uniqueid } });
  fx.parent.push({ type: 'call.answered', uniqueid: ctx.uniqueid, ringGroup: ctx.ringGroup, ext });
  return fx;
}

/** An outside member of a ring group answered: it is the callee; our extensions stop ringing. */
export function answerOutside(ctx: CallContext, number: string): Effects {
  const fx = none();
  const leg = ctx.ringingOutside.find((l) => l.number === number);
  if (!leg) return fx;
  fx.patch = { callee: { kind: 'external', number, channel: leg.channel }, ringing: [], ringingOutside: [], everAnswered: true };
  for (const o of ctx.ringing) fx.publish.push(callStateEvent(o.ext, ctx.uniqueid, 'hangup', partyNumber(ctx.caller)));
  const callerExt = partyExt(ctx.caller);
  if (callerExt) fx.publish.push(callStateEvent(callerExt, ctx.uniqueid, 'answered', number));
  for (const o of ctx.ringing) fx.lines.push({ ext: o.ext, event: { type: 'line.stopRinging', callId: ctx.uniqueid } });
  fx.parent.push({ type: 'call.answered', uniqueid: ctx.uniqueid, ringGroup: ctx.ringGroup });
  return fx;
}

/** An outside member refused (busy, rejected): it stops ringing; the last one sends the call onward. */
export function refuseOutside(ctx: CallContext, number: string): Effects {
  const fx = none();
  const ringingOutside = ctx.ringingOutside.filter((l) => l.number !== number);
  fx.patch = { ringingOutside };
  if (ringingOutside.length === 0 && ctx.ringing.length === 0) fx.patch.attempt = 'retry';
  return fx;
}

/** A ring group's no-answer destination rings somewhere: the call starts over there, as a new destination. */
export function redirect(ctx: CallContext, destination: string, ivrNumber: string): Effects {
  const fx = none();
  fx.patch = { destination, ivrNumber: ivrNumber || ctx.ivrNumber || '', ringGroup: '', tried: [], attempt: 'first', redirects: ctx.redirects + 1 };
  return fx;
}

export function dialOut(ctx: CallContext, number: string): Effects {
  const fx = none();
  fx.patch = { callee: { kind: 'external', number, channel: ctx.ids.channel('trunk') }, destination: number, callerAnnounced: true };
  tellCaller(ctx, fx, number);
  return fx;
}

export function farAnswered(ctx: CallContext): Effects {
  const fx = none();
  fx.patch = { everAnswered: true };
  const callerExt = partyExt(ctx.caller);
  if (callerExt && ctx.callee) fx.publish.push(callStateEvent(callerExt, ctx.uniqueid, 'answered', partyNumber(ctx.callee)));
  return fx;
}

/** Both sides that are ours learn the call's new state. */
export function announceToParties(ctx: CallContext, state: 'held' | 'answered'): Effects {
  const fx = none();
  for (const party of [ctx.caller, ctx.callee]) {
    const ext = partyExt(party);
    if (ext) fx.publish.push(callStateEvent(ext, ctx.uniqueid, state, numberSeenBy(ctx, ext)));
  }
  return fx;
}

/** `ext` leaves; the party it faced becomes the caller of a call to `destination`. */
export function blindHandOff(ctx: CallContext, ext: string, destination: string): Effects {
  const fx = none();
  const other = otherSide(ctx, ext);
  if (!other) return fx;
  fx.patch = { caller: other, callee: null, destination, ringGroup: '', tried: [], attempt: 'first', callerAnnounced: false };
  fx.publish.push(callStateEvent(ext, ctx.uniqueid, 'transferred', destination));
  fx.lines.push({ ext, event: { type: 'line.release', callId: ctx.uniqueid } });
  return fx;
}

export function startConsult(ctx: CallContext, by: string, target: ExtLeg, consultId: string): Effects {
  const fx = none();
  const consult: Consult = { uniqueid: consultId, by, target, answered: false };
  fx.patch = { consult };
  fx.publish.push(...announceToParties(ctx, 'held').publish);
  const consultCall = { ...ctx, uniqueid: consultId, ringGroup: '', caller: { kind: 'extension', ext: by, channel: '' } as Party };
  fx.publish.push(
    inboundCallEvent(consultCall, target, { recordingfile: ctx.ids.recordingFile(by, target.ext, consultId) }),
    callStateEvent(target.ext, consultId, 'ringing', by),
    callStateEvent(by, consultId, 'ringing', target.ext),
  );
  fx.lines.push({ ext: target.ext, event: { type: 'line.ring', callId: ctx.uniqueid } });
  return fx;
}

export function answerConsult(ctx: CallContext): Effects {
  const fx = none();
  const c = ctx.consult;
  if (!c) return fx;
  fx.patch = { consult: { ...c, answered: true } };
  fx.publish.push(callStateEvent(c.target.ext, c.uniqueid, 'answered', c.by), callStateEvent(c.by, c.uniqueid, 'answered', c.target.ext));
  fx.lines.push({ ext: c.target.ext, event: { type: 'line.connect', callId: ctx.uniqueid } });
  return fx;
}

/** The consult leg ends without a transfer: the transferring agent is back with the held party. */
export function cancelConsult(ctx: CallContext): Effects {
  const fx = none();
  const c = ctx.consult;
  if (!c) return fx;
  fx.patch = { consult: null };
  fx.publish.push(callStateEvent(c.target.ext, c.uniqueid, 'hangup', c.by), callStateEvent(c.by, c.uniqueid, 'hangup', c.target.ext));
  fx.publish.push(...announceToParties({ ...ctx, consult: null }, 'answered').publish);
  fx.lines.push({ ext: c.target.ext, event: { type: 'line.release', callId: ctx.uniqueid } });
  return fx;
}

/** Completed before the target answered: the held party now rings the target (a blind transfer). */
export function completeWhileRinging(ctx: CallContext): Effects {
  const fx = none();
  const c = ctx.consult;
  const other = c ? otherSide(ctx, c.by) : null;
  if (!c || !other) return fx;
  const next: CallContext = { ...ctx, caller: other, callee: null, ringing: [c.target], ringGroup: '', destination: c.target.ext, consult: null };
  fx.patch = { caller: other, callee: null, ringing: [c.target], ringForMs: ctx.ringTimeoutMs, ringGroup: '', destination: c.target.ext, tried: [c.target.ext], consult: null, attempt: 'first', callerAnnounced: true };
  fx.publish.push(
    callStateEvent(c.by, ctx.uniqueid, 'transferred', c.target.ext),
    callStateEvent(c.by, c.uniqueid, 'hangup', c.target.ext),
    callStateEvent(c.target.ext, c.uniqueid, 'hangup', c.by),
    inboundCallEvent(next, c.target),
    callStateEvent(c.target.ext, ctx.uniqueid, 'ringing', partyNumber(other)),
  );
  const otherExt = partyExt(other);
  if (otherExt) fx.publish.push(callStateEvent(otherExt, ctx.uniqueid, 'ringing', c.target.ext));
  fx.lines.push({ ext: c.by, event: { type: 'line.release', callId: ctx.uniqueid } });
  return fx;
}

/**
 * Completed after the target answered: the target takes the transferring agent's place. The target has
 * only known the consult leg (a call from a colleague), so it is told of the party's call as well, as a
 * blind transfer tells it: its phone then shows that caller's pop-up (member, consultation form) and
 * not just a number in the CTI bar (QA).
 */
export function completeConnected(ctx: CallContext): Effects {
  const fx = none();
  const c = ctx.consult;
  const other = c ? otherSide(ctx, c.by) : null;
  if (!c || !other) return fx;
  const targetParty: Party = { kind: 'extension', ext: c.target.ext, channel: c.target.channel };
  fx.patch = partyExt(ctx.caller) === c.by ? { caller: targetParty, consult: null } : { callee: targetParty, consult: null };
  fx.publish.push(
    callStateEvent(c.by, ctx.uniqueid, 'transferred', c.target.ext),
    callStateEvent(c.by, c.uniqueid, 'hangup', c.target.ext),
    callStateEvent(c.target.ext, c.uniqueid, 'transferred', c.by),
    inboundCallEvent({ ...ctx, caller: other, ringGroup: '', consult: null }, c.target),
    callStateEvent(c.target.ext, ctx.uniqueid, 'answered', partyNumber(other)),
  );
  const otherExt = partyExt(other);
  if (otherExt) fx.publish.push(callStateEvent(otherExt, ctx.uniqueid, 'answered', c.target.ext));
  fx.lines.push({ ext: c.by, event: { type: 'line.release', callId: ctx.uniqueid } });
  return fx;
}

export function addSpy(ctx: CallContext, spy: Spy): Effects {
  const fx = none();
  fx.patch = { spies: [...ctx.spies.filter((s) => s.ext !== spy.ext), spy] };
  fx.publish.push(callStateEvent(spy.ext, ctx.uniqueid, 'answered', spy.target));
  fx.lines.push({ ext: spy.ext, event: { type: 'line.connect', callId: ctx.uniqueid } });
  return fx;
}

export function removeSpy(ctx: CallContext, ext: string): Effects {
  const fx = none();
  const spy = ctx.spies.find((s) => s.ext === ext);
  if (!spy) return fx;
  fx.patch = { spies: ctx.spies.filter((s) => s.ext !== ext) };
  fx.publish.push(callStateEvent(ext, ctx.uniqueid, 'hangup', spy.target));
  fx.lines.push({ ext, event: { type: 'line.release', callId: ctx.uniqueid } });
  return fx;
}

/** The call is over: everyone of ours still on it hears the hangup and gets their line back. */
export function finish(ctx: CallContext): Effects {
  const fx = none();
  const release = (ext: string, uniqueid: string, number: string, event: ExtensionEvent['type']) => {
    fx.publish.push(callStateEvent(ext, uniqueid, 'hangup', number));
    fx.lines.push({ ext, event: { type: event, callId: ctx.uniqueid } as ExtensionEvent });
  };
  for (const leg of ctx.ringing) release(leg.ext, ctx.uniqueid, partyNumber(ctx.caller), 'line.stopRinging');
  for (const party of [ctx.caller, ctx.callee]) {
    const ext = partyExt(party);
    if (ext) release(ext, ctx.uniqueid, numberSeenBy(ctx, ext), 'line.release');
  }
  if (ctx.consult) release(ctx.consult.target.ext, ctx.consult.uniqueid, ctx.consult.by, 'line.release');
  for (const spy of ctx.spies) release(spy.ext, ctx.uniqueid, spy.target, 'line.release');
  fx.parent.push({ type: 'call.ended', uniqueid: ctx.uniqueid, ringGroup: ctx.ringGroup, outcome: ctx.outcome });
  return fx;
}
