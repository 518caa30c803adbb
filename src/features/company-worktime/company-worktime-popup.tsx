import { Button, Callout, H5, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { CompanyWorktime, WorktimeHours } from '../../api/contracts/company-worktime.contract';
import { hasUserPermission } from '../../api/permissions/check';
import { useCompanyWorktime, useSetCompanyWorktime } from '../../api/resources/company-worktime-api';
import type { WorktimeForce } from '../../api/routing/company-worktime';
import { formatDateTime } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language-store';
import { useT, type Translate } from '../../i18n/use-t';
import { useUserInfo } from '../../shell/session/session-selectors';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { describeHours } from './worktime-hours';

/**
 * `company/worktime/edit` (edit-company-worktime, a window; docs/routing.md "Company work time"): whether
 * the company is open now and why, its hours (the working-hour time conditions) in words, and the
 * work-time switch: force open or closed until the hours next change, or back to the hours. Inbound
 * calls follow the switch at once. The buttons are for managers and users with `worktime_switch`.
 */
export default function CompanyWorktimePopup() {
  const t = useT();
  const language = useLanguage();
  const userInfo = useUserInfo();
  const { data, error, isLoading } = useCompanyWorktime();
  const setWorktime = useSetCompanyWorktime();
  const [busy, setBusy] = useState<WorktimeForce | 'hours' | null>(null);
  if (isLoading) return <Spinner />;
  if (!data) return <NonIdealState icon="error" data-testid="worktime-error" title={t('worktime.unavailable')} description={error?.message} />;

  const maySwitch = hasUserPermission(userInfo, 'worktime_switch');
  const flip = async (force: WorktimeForce | null) => {
    setBusy(force ?? 'hours');
    try {
      await setWorktime(force);
      void showToast(t('worktime.saved'));
    } catch (failure) {
      showError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section data-testid="company-worktime" style={{ display: 'flex', flexDirection: 'column', gap: 12, padding: 16 }}>
      <Callout
        data-testid="worktime-status"
        data-open={data.open}
        data-force={data.force ?? ''}
        intent={data.open ? Intent.SUCCESS : Intent.WARNING}
        icon={data.open ? 'unlock' : 'lock'}
        title={t(data.open ? 'worktime.open_now' : 'worktime.closed_now')}
      >
        {statusLine(data, t)}
      </Callout>

      {maySwitch && (
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button data-testid="worktime-force-open" icon="unlock" intent={Intent.SUCCESS} text={t('worktime.force_open')} disabled={data.open || busy !== null} loading={busy === 'open'} onClick={() => void flip('open')} />
          <Button data-testid="worktime-force-closed" icon="lock" intent={Intent.WARNING} text={t('worktime.force_closed')} disabled={!data.open || busy !== null} loading={busy === 'closed'} onClick={() => void flip('closed')} />
          <Button data-testid="worktime-back-to-hours" icon="time" text={t('worktime.back_to_hours')} disabled={data.force === null || busy !== null} loading={busy === 'hours'} onClick={() => void flip(null)} />
        </div>
      )}

      <H5 style={{ margin: 0 }}>{t('worktime.hours.title')}</H5>
      <HoursList hours={data.hours} t={t} language={language} />
    </section>
  );
}

/** Why it is open or closed: forced by whom until when, or the hours. */
function statusLine(data: CompanyWorktime, t: Translate): string {
  if (!data.force) return t('worktime.by_hours');
  const name = data.forced_by ?? '';
  if (!data.force_until) return t(data.force === 'open' ? 'worktime.forced_open_forever' : 'worktime.forced_closed_forever', { name });
  return t(data.force === 'open' ? 'worktime.forced_open_until' : 'worktime.forced_closed_until', { name, until: formatDateTime(data.force_until) });
}

function HoursList({ hours, t, language }: { hours: readonly WorktimeHours[]; t: Translate; language: ReturnType<typeof useLanguage> }) {
  if (hours.length === 0) return <p data-testid="worktime-no-hours">{t('worktime.hours.none')}</p>;
  return (
    <HTMLTable compact striped data-testid="worktime-hours">
      <tbody>
        {hours.map((item) => (
          <tr key={item.id}>
            <td>{item.name}</td>
            <td>
              <Tag minimal>{describeHours(item, t, language)}</Tag>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
