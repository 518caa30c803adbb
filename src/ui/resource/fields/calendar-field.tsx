import { useLanguage } from '../../../i18n/language-store';
import { calendarLabel, calendarValues } from '../calendar-labels';
import type { KindProps } from './field-props';
import { numberFromOption, OptionSelect } from './option-select';

/** A weekday, month, day of month, hour or minute: a select in the page's language, held as a number. */
export function CalendarField({ field, ...props }: KindProps<'calendar'>) {
  const language = useLanguage();
  const options = calendarValues(field.unit).map((n) => ({ value: String(n), label: calendarLabel(field.unit, n, language) }));
  return <OptionSelect {...props} labelId={field.labelId} required={field.required} options={options} fromOption={numberFromOption} />;
}
