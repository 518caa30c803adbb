import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/use-t';
import { DayInput } from '../../ui/forms/day-input';
import type { FieldErrors } from '../../ui/forms/field-errors';
import { useFieldId } from '../../ui/forms/field-ids';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';

export interface ExtensionDayQuery {
  /** A Seoul day `YYYY-MM-DD`. */
  date: string;
  /** '' for every extension. */
  extension: string;
}

export interface ExtensionDayFormProps {
  initial: ExtensionDayQuery;
  /** The extension field; a pop-up about one agent has none. */
  withExtension: boolean;
  errors: FieldErrors;
  busy: boolean;
  onSubmit: (query: ExtensionDayQuery) => void;
}

/** Which day (in the page's language) and, on the page, which extension; asked on "Show". */
export function ExtensionDayForm({ initial, withExtension, errors, busy, onSubmit }: ExtensionDayFormProps) {
  const t = useT();
  const [draft, setDraft] = useState(initial);
  const [missingDay, setMissingDay] = useState(false);
  const dateId = useFieldId('date');
  const extensionId = useFieldId('extension');
  const dateErrors = missingDay ? ['validation.statistics_date_invalid'] : errors.date;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissingDay(!draft.date);
    if (draft.date) onSubmit({ date: draft.date, extension: draft.extension.trim() });
  };
  return (
    <form className="statistics-filter" data-testid="extension-day-form" onSubmit={submit} noValidate>
      <FieldShell name="date" labelId="statistics.filter.day" errors={dateErrors}>
        <DayInput id={dateId} value={draft.date} onChange={(date) => setDraft({ ...draft, date })} data-testid="extension-day" aria-describedby={errorsIdFor(dateId, dateErrors)} intent={dateErrors ? Intent.DANGER : undefined} />
      </FieldShell>
      {withExtension && (
        <FieldShell name="extension" labelId="statistics.filter.extension" errors={errors.extension}>
          <InputGroup
            id={extensionId}
            inputMode="numeric"
            value={draft.extension}
            placeholder={t('statistics.filter.all')}
            intent={errors.extension ? Intent.DANGER : Intent.NONE}
            aria-invalid={Boolean(errors.extension)}
            aria-describedby={errorsIdFor(extensionId, errors.extension)}
            data-testid="extension-filter"
            onChange={(event) => setDraft({ ...draft, extension: event.currentTarget.value })}
          />
        </FieldShell>
      )}
      <Button type="submit" intent={Intent.PRIMARY} icon="search" loading={busy} data-testid="extension-day-submit" text={t('statistics.filter.show')} className="statistics-filter__submit" />
    </form>
  );
}
