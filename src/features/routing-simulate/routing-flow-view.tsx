import { Callout, Classes, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { callbackGroupEntity } from '../../api/contracts/callback-group.contract';
import { inboundNumberEntity } from '../../api/contracts/inbound-number.contract';
import { ivrEntity } from '../../api/contracts/ivr.contract';
import { ringGroupEntity } from '../../api/contracts/ring-group.contract';
import { soundFileEntity } from '../../api/contracts/sound-file.contract';
import { timeConditionEntity } from '../../api/contracts/time-condition.contract';
import { useResourceAll } from '../../api/resources/use-resource';
import type { MessageId } from '../../i18n/message-ids';
import { useT, type Translate } from '../../i18n/use-t';
import { DESTINATION_TYPE_LABELS } from '../../ui/resource/destination-targets';
import { buildRoutingFlow, type FlowKind, type FlowNode, type FlowRecords } from './routing-flow';
import { STEP_ICONS } from './simulate-labels';

const FLOW_ICONS: Record<FlowKind, IconName> = {
  inbound_number: 'phone',
  time_condition: 'time',
  otherwise: 'arrow-right',
  ivr: 'diagram-tree',
  ivr_option: 'key',
  ivr_timeout: 'stopwatch',
  ivr_invalid: 'error',
  no_answer: 'stopwatch',
  extension: STEP_ICONS.extension,
  queue: STEP_ICONS.queue,
  ring_group: STEP_ICONS.ring_group,
  callback_group: STEP_ICONS.callback_group,
  sound_file: STEP_ICONS.sound_file,
  voicemail: STEP_ICONS.voicemail,
  hangup: STEP_ICONS.hangup,
  back_to_ivr: 'undo',
  back_to_ring_group: 'undo',
  missing: 'warning-sign',
};

/** "700 (Main menu)", or the number alone. */
const named = (node: FlowNode) => (node.name ? `${node.target} (${node.name})` : node.target);

/** A node in words, in the page's language. */
function nodeText(t: Translate, node: FlowNode): string {
  const members = node.members && node.members.length > 0 ? node.members.join(', ') : t('routing-simulate.flow.no_members');
  switch (node.kind) {
    case 'inbound_number':
      return t('routing-simulate.flow.inbound_number', { what: named(node) });
    case 'time_condition':
      return t('routing-simulate.flow.time_condition', { type: node.conditionType ? t(`time-condition.type.${node.conditionType}` as MessageId) : '', name: node.name ?? '' });
    case 'ivr':
      return node.greeting ? t('routing-simulate.flow.ivr_greeting', { what: named(node), greeting: node.greeting }) : t('routing-simulate.flow.ivr', { what: named(node) });
    case 'ivr_option':
      return t('routing-simulate.flow.ivr_option', { digit: node.target });
    case 'ring_group':
      return t('routing-simulate.flow.ring_group', { what: named(node), strategy: node.strategy ? t(`ring-group.strategy.${node.strategy}` as MessageId) : '', members });
    case 'callback_group':
      return t('routing-simulate.flow.callback_group', { what: named(node), members });
    case 'sound_file':
      return t('routing-simulate.flow.sound_file', { name: node.name ?? node.target });
    case 'extension':
    case 'queue':
      return t(`routing-simulate.flow.${node.kind}`, { target: node.target });
    case 'back_to_ivr':
    case 'back_to_ring_group':
      return t(`routing-simulate.flow.${node.kind}`, { target: node.target });
    case 'missing':
      return t('routing-simulate.flow.missing', { type: node.missingType ? t(DESTINATION_TYPE_LABELS[node.missingType]) : '', target: node.target });
    default:
      return t(`routing-simulate.flow.${node.kind}`);
  }
}

function FlowItem({ node }: { node: FlowNode }) {
  const t = useT();
  return (
    <li className={`routing-flow__node routing-flow__node--${node.kind}`} data-testid="flow-node" data-kind={node.kind}>
      <span className="routing-flow__label">
        <Icon icon={FLOW_ICONS[node.kind]} aria-hidden />
        <span>{nodeText(t, node)}</span>
      </span>
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child, index) => (
            <FlowItem key={index} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The flow view (docs/routing.md): the whole staged routing drawn as nested lists, inbound number →
 * time conditions → menus → targets. It follows the lists' writes (the entities' SWR keys).
 */
export function RoutingFlowView() {
  const t = useT();
  const inboundNumbers = useResourceAll(inboundNumberEntity.contract);
  const timeConditions = useResourceAll(timeConditionEntity.contract);
  const ivrs = useResourceAll(ivrEntity.contract);
  const ringGroups = useResourceAll(ringGroupEntity.contract);
  const callbackGroups = useResourceAll(callbackGroupEntity.contract);
  // Sound files only name what is played: without them the flow still draws, with ids.
  const soundFiles = useResourceAll(soundFileEntity.contract);
  const parts = [inboundNumbers, timeConditions, ivrs, ringGroups, callbackGroups];
  const heading = (
    <>
      <h3 id="routing-flow-title" className={Classes.HEADING}>
        {t('routing-simulate.flow.title')}
      </h3>
      <p className={Classes.TEXT_MUTED}>{t('routing-simulate.flow.caption')}</p>
    </>
  );
  const [numbers, conditions, menus, rings, callbacks] = [inboundNumbers.data, timeConditions.data, ivrs.data, ringGroups.data, callbackGroups.data];
  let body;
  if (parts.some((part) => part.error)) {
    body = <Callout intent="warning" data-testid="routing-flow-error">{t('routing-simulate.flow.failed')}</Callout>;
  } else if (!numbers || !conditions || !menus || !rings || !callbacks) {
    body = <Spinner size={24} aria-label={t('routing-simulate.flow.loading')} />;
  } else {
    const records: FlowRecords = { inboundNumbers: numbers, timeConditions: conditions, ivrs: menus, ringGroups: rings, callbackGroups: callbacks, soundFiles: soundFiles.data ?? [] };
    const tree = buildRoutingFlow(records);
    body =
      tree.length === 0 ? (
        <NonIdealState icon="phone" description={t('routing-simulate.flow.empty')} />
      ) : (
        <ul className="routing-flow__tree" aria-labelledby="routing-flow-title" data-testid="routing-flow-tree">
          {tree.map((node) => (
            <FlowItem key={node.target} node={node} />
          ))}
        </ul>
      );
  }
  return (
    <section className="routing-flow" data-testid="routing-flow" aria-labelledby="routing-flow-title">
      {heading}
      {body}
    </section>
  );
}
