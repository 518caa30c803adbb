import type { ReactNode } from 'react';
import type { AnyEntity } from '../../api/entities/define-entity';
import type { Destination, FieldSpec } from '../../api/entities/entity-fields';
import { formatDateTime, formatDay } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language-store';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { PhoneNumberLink } from '../telephony/phone-number-link';
import { calendarLabel } from './calendar-labels';
import { useDestinationText } from './destination-targets';
import { describeRecord, useCompanyUsers, useEntityRecords } from './entity-options';
import { SOUND_FILE_PATH } from './fields/record-field';
import type { CalendarUnit } from './resource-view';

/**
 * How an entity's field shows in a list cell and the view dialog, by kind: choices by their labels,
 * switches as Yes/No, phone numbers grouped and click-to-call, days and moments in the page's language
 * (Seoul time), the company's users and another entity's records by name, destinations in words.
 */

/** `<entity>.<field>.<value>`: the label of a choice (enum, multi_select). */
export const optionLabelId = (entity: string, field: string, value: string) => `${entity}.${field}.${value}` as MessageId;

function Choices({ entity, field, values }: { entity: string; field: string; values: readonly string[] }) {
  const t = useT();
  return <>{values.map((value) => t(optionLabelId(entity, field, value))).join(', ')}</>;
}

function YesNo({ on }: { on: boolean }) {
  const t = useT();
  return <>{t(on ? 'entity.yes' : 'entity.no')}</>;
}

/** A moment in Seoul time, in the page's language (re-drawn when the language changes). */
export function MomentText({ value }: { value: string }) {
  return <>{formatDateTime(value, useLanguage())}</>;
}

/** A record's stamp (created, updated) as a cell. */
export const momentCell = (value: unknown): ReactNode => (typeof value === 'string' && value !== '' ? <MomentText value={value} /> : '');

function DayText({ day }: { day: string }) {
  return <>{formatDay(day, useLanguage())}</>;
}

function CalendarText({ unit, value }: { unit: CalendarUnit; value: number }) {
  return <>{calendarLabel(unit, value, useLanguage())}</>;
}

function UserNames({ ids }: { ids: readonly number[] }) {
  const { users } = useCompanyUsers();
  return <>{ids.map((id) => users.find((user) => user.user_id === id)?.name ?? `#${id}`).join(', ')}</>;
}

function RecordName({ path, id }: { path: string; id: number }) {
  const { entity, records } = useEntityRecords(path);
  const record = records.find((r) => r.id === id);
  return <>{entity && record ? describeRecord(entity, record) : `#${id}`}</>;
}

function DestinationText({ value }: { value: Destination }) {
  return <>{useDestinationText(value)}</>;
}

function RowCount({ count }: { count: number }) {
  const t = useT();
  return <>{t('entity.children_count', { count })}</>;
}

/** A length in milliseconds as m:ss (a sound file's). */
export function durationText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The cell of one field of a record. */
export function entityCell(entity: AnyEntity, name: string, field: FieldSpec, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'enum':
      return <Choices entity={entity.name} field={name} values={[String(value)]} />;
    case 'multi_select':
      return <Choices entity={entity.name} field={name} values={value as string[]} />;
    case 'switch':
      return <YesNo on={value === true} />;
    case 'phone':
      return <PhoneNumberLink number={String(value)} testId={`${name}-link`} />;
    case 'date':
      return <DayText day={String(value)} />;
    case 'datetime':
      return <MomentText value={String(value)} />;
    case 'weekday':
    case 'month':
    case 'day':
    case 'hour':
    case 'minute':
      return <CalendarText unit={field.kind} value={Number(value)} />;
    case 'user':
      return <UserNames ids={[Number(value)]} />;
    case 'users':
      return <UserNames ids={value as number[]} />;
    case 'reference':
      return <RecordName path={field.references!} id={Number(value)} />;
    case 'sound_file':
      return <RecordName path={SOUND_FILE_PATH} id={Number(value)} />;
    case 'destination':
      return <DestinationText value={value as Destination} />;
    case 'children':
      return <RowCount count={(value as unknown[]).length} />;
    case 'file':
      return (value as { name: string }).name;
    case 'time_window': {
      const window = value as { start: string; end: string };
      return `${window.start}–${window.end}`;
    }
    case 'number':
      return field.fromFile?.fact === 'duration_ms' ? durationText(Number(value)) : String(value);
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}
