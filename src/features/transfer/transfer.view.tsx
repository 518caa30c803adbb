import { Button } from '@blueprintjs/core';
import { openPopup } from '../../shell/popups/open-popup';
import { useT } from '../../i18n/use-t';
import type { EntityViewOverrides } from '../../ui/resource/entity-view';

/** Opens transfer/history (transfer-history): every change of every forwarding the caller may see. */
function TransferHistoryButton() {
  const t = useT();
  return <Button icon="history" text={t('transfer.toolbar.history')} data-testid="transfer-history-button" onClick={() => void openPopup('transfer-history', {})} />;
}

/**
 * What call forwarding adds to its derived list (docs/telephony.md "Call forwarding"): a toolbar button
 * opening its history. Add and edit are the derived form (edit in transfer/edit/{id}); `live` is the
 * server's, shown as a column. The page reloads every 10 s while open: agents change their forwarding
 * in the CTI bar, programs through the CTI API, and periods start and end by themselves.
 */
export const transferView: EntityViewOverrides = {
  slots: { toolbar: () => <TransferHistoryButton /> },
  refreshEveryMs: 10_000,
};
