// A ring group as dialplan lines in its destination extension, by strategy (FreePBX's names, CONTRACT
// §10): ringall rings every member at once; hunt one at a time in order, each for the ring time;
// memoryhunt the first, then the first two, and so on; firstavailable the first member whose phone is
// free. An answered call hangs up when it ends; nobody answering goes to the no-answer destination.

import { MAX_VALUE_LENGTH, same, type ConfigLine } from './config-sections';

export interface RingGroupDial {
  strategy: string;
  /** Dial strings of the members, in order (`SIP/1001`, `PJSIP/0101234@trunk`). */
  members: { dial: string; isExtension: boolean; device: string }[];
  ringTimeS: number;
  /** Goto label of the no-answer destination. */
  noAnswer: string;
}

const ANSWERED = 'answered';
const afterDial = same(`n,GotoIf($["\${DIALSTATUS}"="ANSWER"]?${ANSWERED})`);

/**
 * `Dial(a&b&c,20)`; a dial string too long for one AMI line is built in a variable over several lines.
 */
export function dialLines(targets: readonly string[], ringTimeS: number, label = ''): ConfigLine[] {
  const priority = label ? `n(${label})` : 'n';
  const whole = `${priority},Dial(${targets.join('&')},${ringTimeS})`;
  if (whole.length <= MAX_VALUE_LENGTH) return [same(whole)];
  const lines: ConfigLine[] = [];
  let chunk: string[] = [];
  const flush = () => {
    if (chunk.length === 0) return;
    const prefix = lines.length === 0 ? '' : '${CC_DIAL}&';
    lines.push(same(`${lines.length === 0 ? priority : 'n'},Set(CC_DIAL=${prefix}${chunk.join('&')})`));
    chunk = [];
  };
  for (const target of targets) {
    if ([...chunk, target].join('&').length > MAX_VALUE_LENGTH - 40) flush();
    chunk.push(target);
  }
  flush();
  lines.push(same(`n,Dial(\${CC_DIAL},${ringTimeS})`));
  return lines;
}

export function ringGroupLines(group: RingGroupDial): ConfigLine[] {
  const dials = group.members.map((m) => m.dial);
  const end = [same(`n,Goto(${group.noAnswer})`), same(`n(${ANSWERED}),Hangup()`)];
  if (dials.length === 0) return [same(`n,Goto(${group.noAnswer})`)];
  switch (group.strategy) {
    case 'hunt':
      return [...dials.flatMap((dial) => [...dialLines([dial], group.ringTimeS), afterDial]), ...end];
    case 'memoryhunt':
      return [...dials.flatMap((_dial, index) => [...dialLines(dials.slice(0, index + 1), group.ringTimeS), afterDial]), ...end];
    case 'firstavailable': {
      // The first member whose device is free; an outside number has no state here, so it counts as free.
      const checks = group.members.map((member, index) =>
        member.isExtension ? same(`n,GotoIf($["\${DEVICE_STATE(${member.device})}"="NOT_INUSE"]?member${index + 1})`) : same(`n,Goto(member${index + 1})`),
      );
      const rings = group.members.flatMap((member, index) => [...dialLines([member.dial], group.ringTimeS, `member${index + 1}`), same('n,Goto(dialled)')]);
      return [...checks, same(`n,Goto(${group.noAnswer})`), ...rings, same(`n(dialled),GotoIf($["\${DIALSTATUS}"="ANSWER"]?${ANSWERED})`), ...end];
    }
    default:
      return [...dialLines(dials, group.ringTimeS), afterDial, ...end];
  }
}
