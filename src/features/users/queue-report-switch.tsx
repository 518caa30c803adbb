import { Switch } from '@blueprintjs/core';
import { useState } from 'react';
import type { User } from '../../api/contracts/user.contract';
import { useUserWrites } from '../../api/resources/user-api';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { useT } from '../../i18n/use-t';

/** The queue report column: whether the user gets the queue report (users/update-queue-report-status). */
export function QueueReportSwitch({ user }: { user: User }) {
  const t = useT();
  const { updateQueueReportStatus } = useUserWrites();
  const [busy, setBusy] = useState(false);
  const change = async (enabled: boolean) => {
    setBusy(true);
    try {
      await updateQueueReportStatus(user.id, enabled);
      void showToast(t('user.queue_report.changed'));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      data-testid={`queue-report-${user.id}`}
      checked={user.queue_report_status}
      disabled={busy}
      aria-label={t('user.queue_report.switch_label', { name: user.name })}
      style={{ marginBottom: 0 }}
      onChange={(event) => void change(event.currentTarget.checked)}
    />
  );
}
