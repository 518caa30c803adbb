import { Intent, Tag } from '@blueprintjs/core';
import { CALL_DIRECTIONS, TREATMENT_RESULTS, type CallDirection, type TreatmentResult } from '../../api/contracts/consultation.contract';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import type { ResourceOption } from '../resource/resource-view';

/** Specification §4: receipt, progress, waiting, complete. */
export const TREATMENT_RESULT_LABELS: Record<TreatmentResult, MessageId> = {
  receipt: 'treatment_result.receipt',
  progress: 'treatment_result.progress',
  waiting: 'treatment_result.waiting',
  complete: 'treatment_result.complete',
};

export const CALL_DIRECTION_LABELS: Record<CallDirection, MessageId> = {
  inbound: 'call_direction.inbound',
  outbound: 'call_direction.outbound',
};

export const TREATMENT_RESULT_OPTIONS: ResourceOption[] = TREATMENT_RESULTS.map((value) => ({ value, labelId: TREATMENT_RESULT_LABELS[value] }));
export const CALL_DIRECTION_OPTIONS: ResourceOption[] = CALL_DIRECTIONS.map((value) => ({ value, labelId: CALL_DIRECTION_LABELS[value] }));

const TREATMENT_INTENTS: Record<TreatmentResult, Intent> = {
  receipt: Intent.PRIMARY,
  progress: Intent.WARNING,
  waiting: Intent.NONE,
  complete: Intent.SUCCESS,
};

/** A treatment result at a glance in lists: colour says how far it got. */
export function TreatmentResultTag({ value }: { value: TreatmentResult }) {
  const t = useT();
  return (
    <Tag minimal intent={TREATMENT_INTENTS[value]} data-testid="treatment-result">
      {t(TREATMENT_RESULT_LABELS[value])}
    </Tag>
  );
}

export function CallDirectionLabel({ value }: { value: CallDirection }) {
  const t = useT();
  return <>{t(CALL_DIRECTION_LABELS[value])}</>;
}
