import { HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import useSWR from 'swr';
import { AUDIT_LOG_PATH, auditLogPageSchema } from '../../api/contracts/management.contract';
import { postParsed } from '../../api/post-parsed';
import { useAdminCompanyChoices } from '../../api/resources/platform-servers-api';
import type { PageSize } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
import { LoadingState } from '../../ui/feedback/loading-state';
import { StatePanel } from '../../ui/feedback/state-panel';
import { momentCell } from '../../ui/resource/entity-cells';
import { PaginationBar } from '../../ui/resource/pagination-bar';

/**
 * The audit log (`management/audit-log/list`, docs/administration.md): every login-as, company delete and
 * company data destroy, newest first, with who, what, as whom, which company and from which address;
 * narrowed to one company.
 */
export function AuditLogPanel() {
  const t = useT();
  const companies = useAdminCompanyChoices();
  const [query, setQuery] = useState<{ page: number; per_page: PageSize; company_id?: number }>({ page: 1, per_page: 20 });
  const { data, error, isLoading } = useSWR([AUDIT_LOG_PATH, query], ([path, body]: readonly [string, object]) => postParsed(path, body, (answer) => auditLogPageSchema.parse(answer)));
  return (
    <div data-testid="audit-log" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        {t('management.company')}
        <HTMLSelect
          data-testid="audit-log-company"
          value={query.company_id === undefined ? '' : String(query.company_id)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setQuery({ ...query, page: 1, ...(value ? { company_id: Number(value) } : { company_id: undefined }) });
          }}
          options={[{ value: '', label: t('management.all_companies') }, ...companies.map((c) => ({ value: String(c.id), label: c.name }))]}
        />
      </label>
      {isLoading ? (
        <LoadingState />
      ) : error || !data ? (
        <StatePanel testId="audit-log-failed" icon="error" title={t('management.audit.failed')} />
      ) : data.data.length === 0 ? (
        <StatePanel testId="audit-log-empty" icon="history" title={t('management.audit.empty')} />
      ) : (
        <>
          <HTMLTable compact striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('management.audit.when')}</th>
                <th>{t('management.audit.admin')}</th>
                <th>{t('management.audit.action')}</th>
                <th>{t('management.audit.user')}</th>
                <th>{t('management.company')}</th>
                <th>{t('management.audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((entry) => (
                <tr key={entry.id} data-testid="audit-log-row">
                  <td>{momentCell(entry.created_at)}</td>
                  <td>{entry.actor_name ?? `#${entry.actor_id}`}</td>
                  <td>{t(`management.audit.action.${entry.action}`)}</td>
                  <td>{entry.user_name ? `${entry.user_name} (${entry.username})` : entry.user_id === null ? '' : `#${entry.user_id}`}</td>
                  <td>{entry.company_name ?? ''}</td>
                  <td>{entry.ip ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <PaginationBar
            page={data.current_page}
            lastPage={data.last_page}
            perPage={data.per_page}
            total={data.total}
            onPage={(page) => setQuery({ ...query, page })}
            onPageSize={(perPage) => setQuery({ ...query, page: 1, per_page: perPage })}
          />
        </>
      )}
    </div>
  );
}
