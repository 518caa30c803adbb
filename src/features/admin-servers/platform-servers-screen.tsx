import { Button, Callout, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { adminDatabaseEntity, adminNodeEntity, adminServerEntity, type PlatformServerEntity } from '../../api/contracts/admin-server.contract';
import { useAdminCompanyChoices, useSendDailyReport, useServerHealth, type DailyReportOutcome } from '../../api/resources/platform-servers-api';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../../shell/session/session-selectors';
import { showError } from '../../ui/feedback/error-store';
import { viewOf } from '../../ui/resource/entity-view';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import type { ResourceColumn } from '../../ui/resource/resource-view';
import './platform-servers.css';

/**
 * /admin/servers/servers, /databases and /nodes (issue 20 item 4, docs/servers.md): the list, add, edit,
 * view and delete of each platform entity come from its description (viewOf); this adds the live
 * status column (probed every 15 s while shown, "Check now" probes at once) and, on the CTI servers'
 * screen, the daily report's "send now".
 */

/** A row's live health: a dot, up or down with the latency, the reason as the tooltip, and "Check now". */
function HealthCell({ path, id }: { path: string; id: number }) {
  const t = useT();
  const { health, error, checking, check } = useServerHealth(path, id);
  const status = error ? 'down' : (health?.status ?? 'unknown');
  const reason = error ? error.message : health?.error;
  const label = status === 'up' ? t('admin_servers.status.up') : status === 'down' ? t('admin_servers.status.down') : t('admin_servers.status.checking');
  return (
    <span className="platform-health" data-testid={`health-${path}-${id}`} data-status={status} title={reason ?? undefined}>
      <span className={`platform-health-dot platform-health-${status}`} aria-hidden="true" />
      <span>{label}</span>
      {health && status === 'up' ? <span className="platform-health-latency">{t('admin_servers.latency', { ms: health.latency_ms })}</span> : null}
      <Button
        size="small"
        variant="minimal"
        icon="refresh"
        loading={checking}
        aria-label={t('admin_servers.check_now')}
        title={t('admin_servers.check_now')}
        data-testid={`health-check-${path}-${id}`}
        onClick={(event) => {
          event.stopPropagation();
          check();
        }}
      />
    </span>
  );
}

function statusColumn(path: string): ResourceColumn<Record<string, unknown>> {
  return { key: 'status', labelId: 'admin_servers.status', render: (record) => <HealthCell path={path} id={record.id as number} /> };
}

function PlatformServerList({ entity, above }: { entity: PlatformServerEntity; above?: () => ReactNode }) {
  const subject = useUserInfo();
  const view = useMemo(() => {
    // A built-in server runs in this app: no host or port of its own (0 is shown blank).
    const port = { render: (record: Record<string, unknown>) => (record.port ? String(record.port) : '') };
    const derived = viewOf(entity, { columns: { port }, ...(above ? { slots: { above } } : {}) });
    const [first, ...rest] = derived.columns;
    return { ...derived, columns: [first!, statusColumn(entity.path), ...rest] };
  }, [entity, above]);
  return <ResourceListPanel view={view} subject={subject} />;
}

function outcomeText(t: ReturnType<typeof useT>, outcome: DailyReportOutcome): string {
  if (outcome.sent) return t('admin_servers.daily_report.sent', { recipients: outcome.recipients.join(', ') });
  return t(outcome.reason === 'no_recipient' ? 'admin_servers.daily_report.no_recipient' : 'admin_servers.daily_report.smtp_not_configured');
}

/** "Daily report": sends a company's report of yesterday (Asia/Seoul) now, as the 08:00 job does. */
function DailyReportPanel() {
  const t = useT();
  const companies = useAdminCompanyChoices();
  const [companyId, setCompanyId] = useState('');
  const [outcome, setOutcome] = useState<DailyReportOutcome | null>(null);
  const { send, sending } = useSendDailyReport();
  const chosen = companyId || (companies[0] ? String(companies[0].id) : '');
  const sendNow = async () => {
    setOutcome(null);
    try {
      setOutcome(await send(Number(chosen)));
    } catch (error) {
      showError(error);
    }
  };
  return (
    <section className="platform-daily-report" aria-labelledby="daily-report-heading">
      <h3 id="daily-report-heading">{t('admin_servers.daily_report.title')}</h3>
      <p className="platform-daily-report-note">{t('admin_servers.daily_report.note')}</p>
      <div className="platform-daily-report-row">
        <FormGroup label={t('admin_servers.daily_report.company')} labelFor="daily-report-company" inline>
          <HTMLSelect id="daily-report-company" value={chosen} onChange={(event) => setCompanyId(event.currentTarget.value)} options={companies.map((c) => ({ value: String(c.id), label: c.name }))} />
        </FormGroup>
        <Button intent={Intent.PRIMARY} icon="envelope" loading={sending} disabled={!chosen} onClick={() => void sendNow()} data-testid="daily-report-send">
          {t('admin_servers.daily_report.send_now')}
        </Button>
      </div>
      {outcome ? (
        <Callout intent={outcome.sent ? Intent.SUCCESS : Intent.WARNING} data-testid="daily-report-outcome">
          {outcomeText(t, outcome)}
          <div className="platform-daily-report-figures">
            {t('admin_servers.daily_report.figures', {
              day: outcome.figures.day,
              calls: outcome.figures.calls_total,
              answered: outcome.figures.inbound_answered,
              abandoned: outcome.figures.abandoned,
              outbound: outcome.figures.outbound,
              requested: outcome.figures.callbacks_requested,
              done: outcome.figures.callbacks_done,
            })}
          </div>
        </Callout>
      ) : null}
    </section>
  );
}

const dailyReport = () => <DailyReportPanel />;

export function ServersScreen() {
  return <PlatformServerList entity={adminServerEntity} above={dailyReport} />;
}

export function DatabasesScreen() {
  return <PlatformServerList entity={adminDatabaseEntity} />;
}

export function NodesScreen() {
  return <PlatformServerList entity={adminNodeEntity} />;
}
