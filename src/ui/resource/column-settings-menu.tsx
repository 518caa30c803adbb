import { Button, ButtonGroup, Checkbox, Classes, PopoverNext } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import type { ColumnSettings } from './column-settings-store';
import type { ResourceColumn } from './resource-view';

export interface ColumnSettingsMenuProps {
  ordered: readonly ResourceColumn<unknown>[];
  hidden: readonly string[];
  onChange: (settings: ColumnSettings) => void;
}

/** Which columns show and in what order: a checkbox and up/down buttons per column. */
export function ColumnSettingsMenu({ ordered, hidden, onChange }: ColumnSettingsMenuProps) {
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

  const content = (
    <div data-testid="column-settings" style={{ padding: 12, minWidth: 240 }}>
      {ordered.map((column, index) => (
        <div key={column.key} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Checkbox
            data-testid={`column-toggle-${column.key}`}
            label={t(column.labelId)}
            checked={!hidden.includes(column.key)}
            // The last visible column stays: a table without columns helps no one.
            disabled={!hidden.includes(column.key) && hidden.length >= keys.length - 1}
            onChange={(event) => toggle(column.key, event.currentTarget.checked)}
            style={{ flex: 1, margin: 0 }}
          />
          <ButtonGroup variant="minimal">
            <Button size="small" icon="arrow-up" aria-label={t('resource.column_up')} disabled={index === 0} onClick={() => move(index, -1)} />
            <Button size="small" icon="arrow-down" aria-label={t('resource.column_down')} disabled={index === keys.length - 1} onClick={() => move(index, 1)} />
          </ButtonGroup>
        </div>
      ))}
    </div>
  );
  return (
    // PopoverNext: Blueprint's classic Popover mispositions under React 19 (see the user menu).
    <PopoverNext content={content} placement="bottom-end" popoverClassName={Classes.POPOVER_CONTENT_SIZING}>
      <Button icon="th-list" data-testid="column-settings-button" text={t('resource.columns')} />
    </PopoverNext>
  );
}
