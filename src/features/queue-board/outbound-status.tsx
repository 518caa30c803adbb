import { HTMLTable, Tag, Intent } from '@blueprintjs/core';
import { AUTO_CALL_ACCESS, AUTO_CALL_RESULTS, autoCallEntity, type AutoCallCampaign } from '../../api/contracts/auto-call.contract';
import { useAutoCallCounts, useAutoCallRunPush, type AutoCallRunConnect } from '../../api/resources/auto-call-api';
import { useResourcePage } from '../../api/resources/use-resource';
import { useT } from '../../i18n/use-t';
import { canAccess } from '../../shell/session/route-access';
import { useUserInfo } from '../../shell/session/session-selectors';

/** Campaigns the outbound board lists: those a run holds (dialling, or paused mid-way). */
const RUNNING = new Set(['on_going', 'paused']);
/** The board lists up to this many campaigns (a company runs a handful at once). */
const MAX_CAMPAIGNS = 100;

/**
 * The OB (outbound) queue status on `/queues` (specification's menu label; docs/queues.md "OB queue
 * status"): the company's auto-call campaigns that are running or paused, as the outbound side of the
 * board: each one's state (and whether it waits for its call window), calls in flight, dialled,
 * numbers left and results so far, live from the runs' push (`auto_call_run`) and the campaigns'
 * counts. Shown to whoever may see campaigns (AUTO_CALL_ACCESS).
 */
export function OutboundStatus({ connect }: { connect?: AutoCallRunConnect }) {
  const userInfo = useUserInfo();
  return canAccess(AUTO_CALL_ACCESS, userInfo) ? <OutboundTable {...(connect ? { connect } : {})} /> : null;
}

function OutboundTable({ connect }: { connect?: AutoCallRunConnect }) {
  const t = useT();
  const runs = useAutoCallRunPush(connect);
  const { data: counts } = useAutoCallCounts();
  const { data: page } = useResourcePage(autoCallEntity.contract, { page: 1, per_page: MAX_CAMPAIGNS, sort_by: 'name', sort_order: 'asc' } as never, { refreshEveryMs: 5000 });
  const campaigns = ((page?.data ?? []) as AutoCallCampaign[]).filter((campaign) => RUNNING.has(runs.get(campaign.id)?.state ?? campaign.state ?? 'ready'));
  return (
    <section data-testid="ob-queue-status" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h3 style={{ margin: 0 }}>{t('ob_queue.title')}</h3>
      {campaigns.length === 0 ? (
        <p data-testid="ob-queue-none">{t('ob_queue.none')}</p>
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>{t('ob_queue.campaign')}</th>
              <th>{t('ob_queue.state')}</th>
              <th>{t('ob_queue.in_flight')}</th>
              <th>{t('ob_queue.dialled')}</th>
              <th>{t('ob_queue.left')}</th>
              {AUTO_CALL_RESULTS.map((result) => (
                <th key={result}>{t(`auto-call.result.${result}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {campaigns.map((campaign) => {
              const run = runs.get(campaign.id);
              const count = counts?.get(campaign.id);
              const state = run?.state ?? campaign.state ?? 'ready';
              return (
                <tr key={campaign.id} data-testid={`ob-queue-${campaign.id}`}>
                  <td>{campaign.name}</td>
                  <td>
                    <Tag minimal intent={state === 'on_going' ? Intent.SUCCESS : Intent.WARNING}>
                      {run?.waiting_for_window ? t('ob_queue.waiting_window') : t(`auto-call.state.${state}`)}
                    </Tag>
                  </td>
                  <td data-testid={`ob-queue-${campaign.id}-in-flight`}>{run ? run.counts.in_flight : '–'}</td>
                  <td>{run ? run.counts.dialled : '–'}</td>
                  <td data-testid={`ob-queue-${campaign.id}-left`}>{run ? run.counts.remaining : (count?.pending ?? '–')}</td>
                  {AUTO_CALL_RESULTS.map((result) => (
                    <td key={result}>{run?.counts.results[result] ?? count?.results[result] ?? 0}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
