import { Button, Card, H5, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import type { AutoCallCampaign } from '../../api/contracts/auto-call.contract';
import type { PageSize } from '../../api/resources/resource-contract';
import { useAutoCallNumbers } from '../../api/resources/auto-call-api';
import { formatDateTime } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import { PaginationBar } from '../../ui/resource/pagination-bar';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';

export interface AutoCallNumbersPanelProps {
  campaign: Pick<AutoCallCampaign, 'id' | 'name'>;
  onClose: () => void;
}

/** The numbers of the chosen campaign, a page at a time: number, member, attempts, result, last attempt. */
export function AutoCallNumbersPanel({ campaign, onClose }: AutoCallNumbersPanelProps) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<PageSize>(10);
  const { data, error, isLoading } = useAutoCallNumbers(campaign.id, page, perPage);
  return (
    <Card data-testid="auto-call-numbers" style={{ marginTop: 16 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <H5 data-testid="auto-call-numbers-of">{t('auto-call.numbers.title', { name: campaign.name })}</H5>
        <Button variant="minimal" icon="cross" aria-label={t('auto-call.numbers.close')} title={t('auto-call.numbers.close')} onClick={onClose} data-testid="auto-call-numbers-close" />
      </div>
      {isLoading && <Spinner size={20} />}
      {error && <NonIdealState icon="error" description={error.message} />}
      {data && data.total === 0 && (
        <div data-testid="auto-call-numbers-empty">
          <NonIdealState icon="phone" description={t('auto-call.numbers.empty')} />
        </div>
      )}
      {data && data.total > 0 && (
        <>
          <HTMLTable compact striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('auto-call.number.phone_number')}</th>
                <th>{t('auto-call.number.member_id')}</th>
                <th>{t('auto-call.number.attempts')}</th>
                <th>{t('auto-call.number.result')}</th>
                <th>{t('auto-call.number.last_attempt_at')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((number) => (
                <tr key={number.id} data-testid="auto-call-number-row">
                  <td>{formatPhoneNumber(number.phone_number)}</td>
                  <td>{number.member_id === null ? '' : t('auto-call.numbers.member', { id: number.member_id })}</td>
                  <td>{number.attempts}</td>
                  <td>{t(number.result ? `auto-call.result.${number.result}` : 'auto-call.result.pending')}</td>
                  <td>{number.last_attempt_at ? formatDateTime(number.last_attempt_at) : ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <PaginationBar
            page={data.current_page}
            lastPage={data.last_page}
            perPage={data.per_page}
            total={data.total}
            onPage={setPage}
            onPageSize={(size) => {
              setPerPage(size);
              setPage(1);
            }}
          />
        </>
      )}
    </Card>
  );
}
