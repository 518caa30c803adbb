import { Button, Callout, Classes, H5, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { consultationContract, type Consultation } from '../../api/contracts/consultation.contract';
import { useResourcePage } from '../../api/resources/use-resource';
import { formatDateTime } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import { TreatmentResultTag } from './consultation-labels';

/** How many of the caller's consultations a call pop-up lists: the latest, enough to see why they call again. */
export const CONSULTATION_HISTORY_SIZE = 5;

export interface ConsultationHistoryProps {
  /** The member the call is with; without one, the consultations written with the number. */
  memberId?: number | undefined;
  phoneNumber: string;
  /** Opens a consultation (the view-consultation pop-up; ui does not open pop-ups itself). */
  onOpen: (consultation: Consultation) => void;
}

/**
 * The caller's latest consultations in a call pop-up, newest first (QA: an agent had to leave the call
 * screen to learn why a customer called again): when, title, category, result and who wrote it. A
 * consultation saved during the call shows here at once (saving refreshes every consultation list).
 */
export function ConsultationHistory({ memberId, phoneNumber, onOpen }: ConsultationHistoryProps) {
  const t = useT();
  const filter = memberId ? { member_id: memberId } : phoneNumber ? { phone_number: phoneNumber } : null;
  // 10 is the smallest page the list API takes (specification §9); the first CONSULTATION_HISTORY_SIZE show.
  const { data: page, error, isLoading, isPrevious, mutate } = useResourcePage(
    consultationContract,
    { page: 1, per_page: 10, sort_by: 'created_at', sort_order: 'desc', ...filter },
    { enabled: filter !== null },
  );
  if (!filter) return null;
  // Another caller's consultations are not shown once this caller's failed to load.
  const data = error && isPrevious ? undefined : page;
  const rows = (data?.data ?? []).slice(0, CONSULTATION_HISTORY_SIZE);
  return (
    <section data-testid="consultation-history" aria-labelledby="consultation-history-title">
      <H5 id="consultation-history-title">
        {t('consultation.history.title')}
        {data && data.total > 0 && <span className={Classes.TEXT_MUTED}> · {t('consultation.history.count', { shown: rows.length, total: data.total })}</span>}
      </H5>
      {isLoading && !data && <Spinner size={20} />}
      {error && !data && (
        <Callout intent={Intent.WARNING} data-testid="consultation-history-error" title={t('consultation.history.failed')}>
          <Button size="small" icon="refresh" onClick={() => void mutate()} text={t('common.retry')} />
        </Callout>
      )}
      {data && rows.length === 0 && (
        <p className={Classes.TEXT_MUTED} data-testid="consultation-history-empty">
          {t('consultation.history.empty')}
        </p>
      )}
      {rows.length > 0 && (
        <HTMLTable compact striped style={{ width: '100%' }}>
          <thead>
            <tr>
              <th>{t('consultation.field.created_at')}</th>
              <th>{t('consultation.field.title')}</th>
              <th>{t('consultation.field.big_category')}</th>
              <th>{t('consultation.field.treatment_result')}</th>
              <th>{t('consultation.field.agent')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid="consultation-history-row" data-consultation-id={c.id}>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.created_at)}</td>
                <td>
                  <Button variant="minimal" size="small" style={{ padding: 0, textAlign: 'left' }} data-testid="consultation-history-open" onClick={() => onOpen(c)} text={c.title} />
                </td>
                <td>{[c.big_category, c.small_category].filter(Boolean).join(' › ')}</td>
                <td>
                  <TreatmentResultTag value={c.treatment_result} />
                </td>
                <td>{c.agent_name ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
