import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';

export interface DayRange {
  date_from?: string;
  date_to?: string;
}

/**
 * The history's date range: two days (`YYYY-MM-DD`, read as Seoul days by the server). The browser's
 * date input answers exactly that format; an emptied input drops that end of the range.
 */
export function CallDateRange({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const t = useT();
  const set = (end: keyof DayRange, day: string) => onChange({ ...value, [end]: day || undefined });
  return (
    <div style={{ display: 'flex', gap: 12 }}>
      {(['date_from', 'date_to'] as const).map((end) => (
        <FormGroup key={end} label={t(end === 'date_from' ? 'call.date_from' : 'call.date_to')} labelFor={`call-${end}`} inline>
          <InputGroup id={`call-${end}`} type="date" data-testid={`call-${end}`} value={value[end] ?? ''} onChange={(event) => set(end, event.currentTarget.value)} />
        </FormGroup>
      ))}
    </div>
  );
}
