import { Button, ButtonGroup, Callout, Card, Classes, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { CustomTableKey, CustomTableSettings } from '../../api/contracts/custom-table.contract';
import { useUserInfo } from '../../shell/session/session-selectors';
import { useT } from '../../i18n/use-t';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { ColumnOrderEditor } from '../../ui/resource/column-order-editor';
import type { ColumnSettings } from '../../ui/resource/column-settings-store';
import { toColumnSettings, useCustomTables } from '../../ui/resource/use-company-columns';
import { columnLabelId } from './column-labels';
import { useCustomTableMutations } from './custom-table-api';

/**
 * /configuration/custom-tables/{table}: which columns of that list the company shows, in what order.
 * Saved for the whole company; each user may still change them for their own window from the list.
 */
export function CustomTableScreen({ table }: { table: CustomTableKey }) {
  const t = useT();
  const { data, error, isLoading } = useCustomTables();
  const settings = data?.find((s) => s.table === table);
  return (
    <div data-testid={`custom-table-${table}`}>
      {settings ? (
        // A new key when the saved settings change restarts the draft from them.
        <CustomTableEditor key={`${table}:${settings.updated_at ?? 'default'}`} table={table} settings={settings} />
      ) : isLoading ? (
        <Spinner />
      ) : (
        <NonIdealState icon="error" title={t('custom_table.load_failed')} description={error?.message} />
      )}
    </div>
  );
}

function CustomTableEditor({ table, settings }: { table: CustomTableKey; settings: CustomTableSettings }) {
  const t = useT();
  const manager = useUserInfo()?.role === 'manager';
  const { save, reset } = useCustomTableMutations();
  const [draft, setDraft] = useState<ColumnSettings>(() => toColumnSettings(settings));
  const [busy, setBusy] = useState(false);
  const ordered = draft.order.map((key) => ({ key, labelId: columnLabelId(table, key) ?? 'custom_table.column.unknown' }));

  const run = async (work: () => Promise<unknown>, doneId: 'custom_table.saved' | 'custom_table.reset_done') => {
    setBusy(true);
    try {
      await work();
      void showToast(t(doneId));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  const columns = () => draft.order.map((key) => ({ key, visible: !draft.hidden.includes(key) }));

  return (
    <Card data-testid="custom-table-editor" style={{ maxWidth: 560 }}>
      <p className={Classes.RUNNING_TEXT}>{t('custom_table.description')}</p>
      {settings.is_default && (
        <Tag minimal data-testid="custom-table-default" style={{ marginBottom: 12 }}>
          {t('custom_table.default_badge')}
        </Tag>
      )}
      {!manager && <Callout icon="lock" style={{ marginBottom: 12 }}>{t('custom_table.managers_only')}</Callout>}
      <ColumnOrderEditor ordered={ordered} hidden={draft.hidden} onChange={setDraft} disabled={busy || !manager} />
      <ButtonGroup style={{ marginTop: 16, gap: 8 }}>
        <Button
          intent={Intent.PRIMARY}
          data-testid="custom-table-save"
          loading={busy}
          disabled={!manager}
          text={t('common.save')}
          onClick={() => void run(() => save(table, columns()), 'custom_table.saved')}
        />
        <Button
          data-testid="custom-table-reset"
          disabled={busy || !manager || settings.is_default}
          text={t('custom_table.reset')}
          onClick={() => void run(() => reset(table), 'custom_table.reset_done')}
        />
      </ButtonGroup>
    </Card>
  );
}
