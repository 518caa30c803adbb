import type { TimeConditionType } from '../../api/contracts/time-condition.contract';
import type { DestinationType } from '../../api/entities/entity-fields';
import { conditionRank } from '../../api/routing/time-condition-rules';

/**
 * The flow view of the staged routing (docs/routing.md "The flow view"): for each inbound number, the
 * time conditions in the order the routing meets them, each with where it sends the call, then the
 * number's own destination; IVRs with their options, timeout and wrong-key destinations; ring groups
 * with their members and where an unanswered call goes; callback groups; sound files by name. Pure: the
 * records in, a tree out. A menu (or ring group) already on the way down is not expanded again: it
 * becomes "back to menu 700", so a loop draws once.
 */

interface Target {
  type: DestinationType;
  target: string | null;
}

export interface FlowRecords {
  inboundNumbers: readonly { number: string; name: string | null; destination: Target | null }[];
  timeConditions: readonly { id: number; name: string; type: TimeConditionType | null; destination: Target | null; sound_file_id: number | null }[];
  ivrs: readonly {
    number: string;
    name: string | null;
    greeting_sound_file_id: number | null;
    options: readonly { digit: string | null; destination: Target | null }[];
    timeout_destination: Target | null;
    invalid_destination: Target | null;
  }[];
  ringGroups: readonly { number: string; display_name: string | null; strategy: string | null; members: readonly string[]; no_answer_destination: Target | null }[];
  callbackGroups: readonly { number: string; name: string | null; members: readonly string[] }[];
  soundFiles: readonly { id: number; name: string | null }[];
}

export type FlowKind =
  | 'inbound_number'
  | 'time_condition'
  | 'otherwise'
  | 'ivr_option'
  | 'ivr_timeout'
  | 'ivr_invalid'
  | 'no_answer'
  | DestinationType
  | 'back_to_ivr'
  | 'back_to_ring_group'
  /** A destination naming a record the company does not have. */
  | 'missing';

export interface FlowNode {
  kind: FlowKind;
  /** The number, key, condition name or sound file id the node is about ('' when none). */
  target: string;
  /** The record's name, when it has one. */
  name?: string;
  /** A time condition's type. */
  conditionType?: TimeConditionType;
  /** A ring group's strategy. */
  strategy?: string;
  /** A ring group's or callback group's members; an IVR's greeting (sound file name). */
  members?: readonly string[];
  greeting?: string;
  /** For `missing`: the type the destination names. */
  missingType?: DestinationType;
  children: FlowNode[];
}

/** Deeper than any sane routing nests: a last guard besides the loop check. */
const MAX_DEPTH = 30;

export function buildRoutingFlow(records: FlowRecords): FlowNode[] {
  const soundName = (id: number | null): string => {
    if (id === null) return '';
    return records.soundFiles.find((file) => file.id === id)?.name ?? `#${id}`;
  };
  const conditions = [...records.timeConditions].sort((a, b) => conditionRank(a.type) - conditionRank(b.type) || a.id - b.id);

  /** Where a destination leads; `path` holds the menus and ring groups above it ("ivr:700"). */
  const destination = (target: Target | null, path: readonly string[]): FlowNode => {
    if (!target) return { kind: 'hangup', target: '', children: [] };
    const number = target.target ?? '';
    switch (target.type) {
      case 'ivr': {
        if (path.includes(`ivr:${number}`)) return { kind: 'back_to_ivr', target: number, children: [] };
        const ivr = records.ivrs.find((menu) => menu.number === number);
        if (!ivr) return { kind: 'missing', missingType: 'ivr', target: number, children: [] };
        const below = [...path, `ivr:${number}`];
        const deeper = (next: Target | null) => (below.length > MAX_DEPTH ? { kind: 'hangup' as const, target: '', children: [] } : destination(next, below));
        const options = ivr.options
          .filter((option) => option.digit !== null)
          .map((option): FlowNode => ({ kind: 'ivr_option', target: option.digit!, children: [deeper(option.destination)] }));
        return {
          kind: 'ivr',
          target: number,
          ...(ivr.name ? { name: ivr.name } : {}),
          ...(ivr.greeting_sound_file_id !== null ? { greeting: soundName(ivr.greeting_sound_file_id) } : {}),
          children: [
            ...options,
            { kind: 'ivr_timeout', target: '', children: [deeper(ivr.timeout_destination)] },
            { kind: 'ivr_invalid', target: '', children: [deeper(ivr.invalid_destination)] },
          ],
        };
      }
      case 'ring_group': {
        if (path.includes(`ring_group:${number}`)) return { kind: 'back_to_ring_group', target: number, children: [] };
        const group = records.ringGroups.find((ring) => ring.number === number);
        if (!group) return { kind: 'missing', missingType: 'ring_group', target: number, children: [] };
        const below = [...path, `ring_group:${number}`];
        return {
          kind: 'ring_group',
          target: number,
          ...(group.display_name ? { name: group.display_name } : {}),
          ...(group.strategy ? { strategy: group.strategy } : {}),
          members: group.members,
          // An unanswered call goes on only when the group says where; else it is hung up (the PBX's rule).
          children: group.no_answer_destination && below.length <= MAX_DEPTH ? [{ kind: 'no_answer', target: '', children: [destination(group.no_answer_destination, below)] }] : [],
        };
      }
      case 'callback_group': {
        const group = records.callbackGroups.find((callback) => callback.number === number);
        if (!group) return { kind: 'missing', missingType: 'callback_group', target: number, children: [] };
        return { kind: 'callback_group', target: number, ...(group.name ? { name: group.name } : {}), members: group.members, children: [] };
      }
      case 'sound_file':
        return { kind: 'sound_file', target: number, name: soundName(Number(number)), children: [] };
      default:
        return { kind: target.type, target: number, children: [] };
    }
  };

  return records.inboundNumbers.map(
    (inbound): FlowNode => ({
      kind: 'inbound_number',
      target: inbound.number,
      ...(inbound.name ? { name: inbound.name } : {}),
      children: [
        ...conditions.map(
          (condition): FlowNode => ({
            kind: 'time_condition',
            target: String(condition.id),
            name: condition.name,
            ...(condition.type ? { conditionType: condition.type } : {}),
            // As the routing does: a sound file wins over the destination; neither hangs up.
            children: [condition.sound_file_id !== null ? destination({ type: 'sound_file', target: String(condition.sound_file_id) }, []) : destination(condition.destination, [])],
          }),
        ),
        { kind: 'otherwise', target: '', children: [destination(inbound.destination, [])] },
      ],
    }),
  );
}
