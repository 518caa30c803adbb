import { Button, ButtonGroup, Checkbox } from '@blueprintjs/core';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import type { ColumnSettings } from './column-settings-store';

export interface ColumnOrderEditorProps {
  /** The columns in their current order. */
  ordered: readonly { key: string; labelId: MessageId }[];
  hidden: readonly string[];
  onChange: (settings: ColumnSettings) => void;
  /** @default false */
  disabled?: boolean;
}

/**
 * Which columns show and in what order: a checkbox and up/down buttons per column. Used by a list's
 * column menu and by the company's custom table settings (/configuration/custom-tables/*).
 */
export function ColumnOrderEditor({ ordered, hidden, onChange, disabled = false }: ColumnOrderEditorProps) {
  const t = useT();
  const keys = ordered.map((c) => c.key);
  const move = (index: number, by: -1 | 1) => {
    const next = [...keys];
    const [key] = next.splice(index, 1);
    next.splice(index + by, 0, key!);
    onChange({ order: next, hidden });
  };
  const toggle = (key: string, shown: boolean) =>
    onChange({ order: keys, hidden: shown ? hidden.filter((k) => k !== key) : [...hidden, key] });

  return (
    <div data-testid="column-settings" role="list">
      {ordered.map((column, index) => (
        <div key={column.key} role="listitem" data-testid={`column-${column.key}`} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Checkbox
            data-testid={`column-toggle-${column.key}`}
            label={t(column.labelId)}
            checked={!hidden.includes(column.key)}
            // The last visible column stays: a table without columns helps no one.
            disabled={disabled || (!hidden.includes(column.key) && hidden.length >= keys.length - 1)}
            onChange={(event) => toggle(column.key, event.currentTarget.checked)}
            style={{ flex: 1, margin: 0 }}
          />
          <ButtonGroup variant="minimal">
            <Button
              size="small"
              icon="arrow-up"
              data-testid={`column-up-${column.key}`}
              aria-label={t('resource.column_up', { column: t(column.labelId) })}
              disabled={disabled || index === 0}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              icon="arrow-down"
              data-testid={`column-down-${column.key}`}
              aria-label={t('resource.column_down', { column: t(column.labelId) })}
              disabled={disabled || index === keys.length - 1}
              onClick={() => move(index, 1)}
            />
          </ButtonGroup>
        </div>
      ))}
    </div>
  );
}
