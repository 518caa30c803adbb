import { Button, Classes, PopoverNext } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { ColumnOrderEditor } from './column-order-editor';
import type { ColumnSettings } from './column-settings-store';
import type { ResourceColumn } from './resource-view';

export interface ColumnSettingsMenuProps {
  ordered: readonly ResourceColumn<unknown>[];
  hidden: readonly string[];
  onChange: (settings: ColumnSettings) => void;
  /** The user changed the columns in this window: offer to go back to the company's (or the default) ones. */
  customised?: boolean;
  onReset?: () => void;
}

/** The list's "Columns" button: which columns show and in what order, in this tab; or back to the company's. */
export function ColumnSettingsMenu({ ordered, hidden, onChange, customised = false, onReset }: ColumnSettingsMenuProps) {
  const t = useT();
  const content = (
    <div style={{ padding: 12, minWidth: 240, display: 'flex', flexDirection: 'column', gap: 8 }}>
      <ColumnOrderEditor ordered={ordered} hidden={hidden} onChange={onChange} />
      {onReset && (
        <Button variant="minimal" icon="reset" data-testid="column-settings-reset" disabled={!customised} onClick={onReset} text={t('resource.columns_reset')} />
      )}
    </div>
  );
  return (
    // PopoverNext: Blueprint's classic Popover mispositions under React 19 (see the user menu).
    <PopoverNext content={content} placement="bottom-end" popoverClassName={Classes.POPOVER_CONTENT_SIZING}>
      <Button icon="th-list" data-testid="column-settings-button" text={t('resource.columns')} />
    </PopoverNext>
  );
}
