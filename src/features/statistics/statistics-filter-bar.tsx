import { Button, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { CALL_DIRECTIONS } from '../../api/contracts/call.contract';
import { BUCKETS, STATISTICS_GROUPS } from '../../api/queues/queue-statistics';
import type { StatisticsKind } from '../../api/resources/statistics-api';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { DayInput } from '../../ui/forms/day-input';
import type { FieldErrors } from '../../ui/forms/field-errors';
import { useFieldId } from '../../ui/forms/field-ids';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';
import { useStatisticsChoices } from './queue-choices';
import type { ReportFilter } from './report-query';

export const BUCKET_LABELS: Record<ReportFilter['bucket'], MessageId> = {
  '15m': 'statistics.bucket.15m',
  '30m': 'statistics.bucket.30m',
  '1h': 'statistics.bucket.1h',
  day: 'statistics.bucket.day',
  week: 'statistics.bucket.week',
};

export interface StatisticsFilterBarProps {
  kind: StatisticsKind;
  value: ReportFilter;
  onChange: (value: ReportFilter) => void;
  /** The server's 422 messages by field (`from`, `to`, `bucket`, `queue`, `extension`, `direction`). */
  errors: FieldErrors;
  busy: boolean;
  onSubmit: () => void;
}

/** A text field of the bar (queue, extension): digits, the server's message under it. */
function NumberField({ name, labelId, value, errors, choices, onChange }: { name: 'queue' | 'extension'; labelId: MessageId; value: string; errors: string[] | undefined; choices: { value: string; label?: string }[]; onChange: (value: string) => void }) {
  const t = useT();
  const id = useFieldId(name);
  const listId = `${id}-choices`;
  return (
    <FieldShell name={name} labelId={labelId} errors={errors}>
      {/* Suggestions, not a closed list: a queue deleted since still has its statistics. */}
      <datalist id={listId} data-testid={`statistics-${name}-choices`}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </datalist>
      <InputGroup
        id={id}
        list={choices.length > 0 ? listId : undefined}
        inputMode="numeric"
        value={value}
        placeholder={t('statistics.filter.all')}
        intent={errors ? Intent.DANGER : Intent.NONE}
        aria-invalid={Boolean(errors)}
        aria-describedby={errorsIdFor(id, errors)}
        data-testid={`statistics-${name}`}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldShell>
  );
}

/**
 * What the report covers: Seoul days from–to (both included, typed in the page's language), the bucket,
 * a queue, an agent's extension and, for the call log, a direction. Shown on "Show", not on each key.
 */
export function StatisticsFilterBar({ kind, value, onChange, errors, busy, onSubmit }: StatisticsFilterBarProps) {
  const t = useT();
  const fromId = useFieldId('from');
  const toId = useFieldId('to');
  const bucketId = useFieldId('bucket');
  const directionId = useFieldId('direction');
  const groupId = useFieldId('group_by');
  const choices = useStatisticsChoices();
  const set = (patch: Partial<ReportFilter>) => onChange({ ...value, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="statistics-filter" data-testid="statistics-filter" onSubmit={submit} noValidate>
      <FieldShell name="from" labelId="statistics.filter.from" errors={errors.from}>
        <DayInput id={fromId} value={value.fromDay} onChange={(fromDay) => set({ fromDay })} data-testid="statistics-from" aria-describedby={errorsIdFor(fromId, errors.from)} intent={errors.from ? Intent.DANGER : undefined} />
      </FieldShell>
      <FieldShell name="to" labelId="statistics.filter.to" errors={errors.to}>
        <DayInput id={toId} value={value.toDay} onChange={(toDay) => set({ toDay })} data-testid="statistics-to" aria-describedby={errorsIdFor(toId, errors.to)} intent={errors.to ? Intent.DANGER : undefined} />
      </FieldShell>
      <FieldShell name="bucket" labelId="statistics.filter.bucket" errors={errors.bucket}>
        <HTMLSelect
          id={bucketId}
          value={value.bucket}
          data-testid="statistics-bucket"
          onChange={(event) => set({ bucket: event.currentTarget.value as ReportFilter['bucket'] })}
          options={BUCKETS.map((bucket) => ({ value: bucket, label: t(BUCKET_LABELS[bucket]) }))}
        />
      </FieldShell>
      <NumberField name="queue" labelId="statistics.filter.queue" value={value.queue} errors={errors.queue} choices={choices.queues.map((queue) => ({ value: queue.number, label: queue.name }))} onChange={(queue) => set({ queue })} />
      <NumberField name="extension" labelId="statistics.filter.extension" value={value.extension} errors={errors.extension} choices={choices.extensions.map((extension) => ({ value: extension }))} onChange={(extension) => set({ extension })} />
      {kind === 'calls' && (
        <FieldShell name="direction" labelId="statistics.filter.direction" errors={errors.direction}>
          <HTMLSelect
            id={directionId}
            value={value.direction}
            data-testid="statistics-direction"
            onChange={(event) => set({ direction: event.currentTarget.value as ReportFilter['direction'] })}
            options={[{ value: '', label: t('statistics.filter.all') }, ...CALL_DIRECTIONS.map((direction) => ({ value: direction, label: t(`call.direction.${direction}`) }))]}
          />
        </FieldShell>
      )}
      {kind === 'inbound' && (
        <FieldShell name="group_by" labelId="statistics.filter.group_by" errors={errors.group_by}>
          <HTMLSelect
            id={groupId}
            value={value.groupBy}
            data-testid="statistics-group-by"
            onChange={(event) => set({ groupBy: event.currentTarget.value as ReportFilter['groupBy'] })}
            options={[{ value: '', label: t('statistics.group.none') }, ...STATISTICS_GROUPS.map((group) => ({ value: group, label: t(`statistics.group.${group}`) }))]}
          />
        </FieldShell>
      )}
      <Button type="submit" intent={Intent.PRIMARY} icon="search" loading={busy} data-testid="statistics-submit" text={t('statistics.filter.show')} className="statistics-filter__submit" />
    </form>
  );
}
