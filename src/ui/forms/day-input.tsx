import { Button, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { formatDate, formatDay, parseDay } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import './day-input.css';

export interface DayInputProps {
  /** The day, `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** Called with a day that exists (`YYYY-MM-DD`) or '' when the text was cleared; never with unreadable text. */
  onChange: (value: string) => void;
  id?: string;
  'data-testid'?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  title?: string;
  /** @default 'e.g. <today>' in the page's format */
  placeholder?: string;
  /** The owner's verdict on the value (a reversed range, a server message). */
  intent?: Intent;
  disabled?: boolean;
  style?: CSSProperties;
  /** As wide as its container (in a form), the message under it. */
  fill?: boolean;
}

/** Whether the browser can open its date picker on demand (Chromium 99+, Firefox 101+, Safari 16+). */
const canShowPicker = () => typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype;

/**
 * A day in the page's language, not the browser's: `<input type="date">` writes the day in the order of
 * the browser's locale (11/27/2026 in a Korean page on an English browser), and Chromium ignores `lang`
 * on it. This is a text box showing the day as the rest of the app does ('Nov 27, 2026' /
 * '2026. 11. 27.'), reading what is typed in the page's language (i18n/dates.ts `parseDay`) when it
 * loses focus or on Enter, with a calendar button that opens the browser's own picker through a hidden
 * date input. Text it cannot read is kept, marked and explained, and the value stays what it was.
 */
export function DayInput({ value, onChange, placeholder, intent, disabled, style, fill, ...attributes }: DayInputProps) {
  const t = useT();
  const language = useLanguage();
  // What is being typed; null shows the value itself.
  const [draft, setDraft] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const example = formatDate(Date.now(), language);
  const withPicker = canShowPicker();

  /** Reads the draft; true when it was read (or there was none). */
  const commit = (): boolean => {
    if (draft === null) return true;
    const day = parseDay(draft, language);
    if (day === null) {
      setUnreadable(true);
      return false;
    }
    setDraft(null);
    setUnreadable(false);
    if (day !== value) onChange(day);
    return true;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The form's own Enter (submit) waits until the value it would send is the one on screen.
    if (event.key === 'Enter' && draft !== null) {
      event.preventDefault();
      commit();
    }
    if (event.key === 'Escape' && draft !== null) {
      event.stopPropagation();
      setDraft(null);
      setUnreadable(false);
    }
  };
  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // Not allowed here (no user gesture, or a cross-origin frame): typing still works.
    }
  };
  const describedBy = [attributes['aria-describedby'], unreadable ? messageId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <span className={fill ? 'day-input day-input-fill' : 'day-input'}>
      <InputGroup
        {...attributes}
        type="text"
        inputMode="text"
        autoComplete="off"
        aria-describedby={describedBy}
        aria-invalid={unreadable || intent === Intent.DANGER}
        intent={unreadable ? Intent.DANGER : (intent ?? Intent.NONE)}
        placeholder={placeholder ?? t('date_input.placeholder', { example })}
        disabled={disabled}
        style={style}
        value={draft ?? formatDay(value, language)}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setUnreadable(false);
        }}
        onBlur={commit}
        onKeyDown={onKeyDown}
        rightElement={
          withPicker ? (
            <Button
              variant="minimal"
              icon="calendar"
              disabled={disabled}
              aria-label={t('date_input.pick')}
              title={t('date_input.pick')}
              data-testid={attributes['data-testid'] ? `${attributes['data-testid']}-pick` : undefined}
              onClick={openPicker}
            />
          ) : undefined
        }
      />
      {withPicker && (
        <input
          ref={picker}
          type="date"
          className="day-input-picker"
          tabIndex={-1}
          aria-hidden
          disabled={disabled}
          value={value}
          onChange={(event) => {
            setDraft(null);
            setUnreadable(false);
            onChange(event.currentTarget.value);
          }}
        />
      )}
      {unreadable && (
        <Tag minimal intent={Intent.DANGER} role="alert" id={messageId} className="day-input-message" data-testid={attributes['data-testid'] ? `${attributes['data-testid']}-unreadable` : undefined}>
          {t('date_input.unreadable', { example })}
        </Tag>
      )}
    </span>
  );
}
