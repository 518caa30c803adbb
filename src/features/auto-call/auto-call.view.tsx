import { Tag, type Intent } from '@blueprintjs/core';
import {
  AUTO_CALL_ACTIONS_BY_STATE,
  AUTO_CALL_RESULTS,
  AUTO_CALL_RUN_ACTIONS,
  type AutoCallCampaign,
  type AutoCallRunAction,
  type AutoCallState,
  type AutoCallVariant,
} from '../../api/contracts/auto-call.contract';
import { AUTO_CALL_REFRESH_MS, useAutoCallCallerIds, useAutoCallCounts } from '../../api/resources/auto-call-api';
import type { MessageId } from '../../i18n/message-ids';
import { deleteLock, uploadLock } from './numbers-locks';
import { useT } from '../../i18n/use-t';
import type { EntityViewOverrides } from '../../ui/resource/entity-view';
import type { ResourceOption, RowAction } from '../../ui/resource/resource-view';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';

/** The state as a tag, coloured as people read it: green running, amber paused, grey over. */
const STATE_INTENTS: Record<AutoCallState, Intent> = { ready: 'primary', on_going: 'success', paused: 'warning', complete: 'none', cancelled: 'danger' };

export function StateTag({ state }: { state: AutoCallState }) {
  const t = useT();
  return (
    <Tag intent={STATE_INTENTS[state]} minimal={state === 'complete'} data-testid="auto-call-state">
      {t(`auto-call.state.${state}`)}
    </Tag>
  );
}

/** A campaign's numbers: how many, how many not called yet, and each result that happened. */
export function NumberCounts({ campaignId }: { campaignId: number }) {
  const t = useT();
  const { data } = useAutoCallCounts();
  const counts = data?.get(campaignId);
  if (!counts) return <span data-testid="auto-call-counts">0</span>;
  const results = AUTO_CALL_RESULTS.filter((result) => counts.results[result] > 0);
  return (
    <span data-testid="auto-call-counts">
      {t('auto-call.counts.total', { total: counts.total, pending: counts.pending })}
      {results.map((result) => (
        <Tag key={result} minimal style={{ marginLeft: 4 }} data-testid={`auto-call-result-${result}`}>
          {t(`auto-call.result.${result}`)} {counts.results[result]}
        </Tag>
      ))}
    </span>
  );
}

/** The company's caller ids, as the form's choices (`auto-call/caller-ids`). */
function useCallerIdOptions(): readonly ResourceOption[] {
  const { data } = useAutoCallCallerIds();
  return (data ?? []).map((callerId) => ({ value: callerId.number, label: `${formatPhoneNumber(callerId.number)} ${callerId.name}`.trim() }));
}

export interface AutoCallViewHandlers {
  /** Shows the campaign's numbers under the list. */
  onNumbers: (campaign: AutoCallCampaign) => void;
  onUpload: (campaign: AutoCallCampaign) => void;
  onExport: (campaign: AutoCallCampaign) => void;
  onDeleteNumbers: (campaign: AutoCallCampaign) => void;
  onRun: (action: AutoCallRunAction, campaign: AutoCallCampaign) => void;
  /** The buttons the run's statechart allows now, as last pushed (`auto_call_run`); none pushed yet: by state. */
  actionsOf?: (campaign: AutoCallCampaign) => readonly AutoCallRunAction[] | undefined;
}

const RUN_ICONS = { start: 'play', pause: 'pause', resume: 'play', cancel: 'stop' } as const;

/** Changing numbers is refused while a campaign runs (the server says 409 too). */

/**
 * The campaign list of one variant (docs/auto-call.md): the variant is the route's, so neither a column
 * nor a field nor a filter; the state as a tag; the numbers and their results; per row the numbers
 * panel, Upload / Export / Delete numbers (their pop-ups) and the run's buttons, each enabled by the
 * campaign's state (ready → Start; on going → Pause, Cancel; paused → Resume, Cancel).
 */
export function autoCallView(variant: AutoCallVariant, handlers: AutoCallViewHandlers): EntityViewOverrides {
  const rec = (record: unknown) => record as AutoCallCampaign;
  return {
    columns: {
      variant: false,
      state: { render: (record) => <StateTag state={stateOf(rec(record))} /> },
      // Studymax campaigns play no sound file.
      ...(variant === 'studymax' ? { sound_file_id: false } : {}),
      numbers: { key: 'numbers', labelId: 'auto-call.column.numbers', render: (record) => <NumberCounts campaignId={rec(record).id} /> },
    },
    fields: {
      variant: false,
      ...(variant === 'studymax' ? { sound_file_id: false } : { sound_file_id: { required: true } }),
      caller_id: { kind: 'select', useOptions: useCallerIdOptions },
    },
    filters: { variant: false },
    // A run changes states and counts by itself.
    refreshEveryMs: AUTO_CALL_REFRESH_MS,
    slots: {
      rowActions: (record) => {
        const campaign = rec(record);
        const allowed = handlers.actionsOf?.(campaign) ?? AUTO_CALL_ACTIONS_BY_STATE[stateOf(campaign)];
        const numbers: RowAction<unknown>[] = [
          { key: 'numbers', labelId: 'auto-call.action.numbers', icon: 'list', onClick: () => handlers.onNumbers(campaign) },
          { key: 'upload', labelId: 'auto-call.action.upload', icon: 'upload', onClick: () => handlers.onUpload(campaign), ...disabled(uploadLock(stateOf(campaign))) },
          { key: 'export', labelId: 'auto-call.action.export', icon: 'export', onClick: () => handlers.onExport(campaign) },
          { key: 'delete-numbers', labelId: 'auto-call.action.delete_numbers', icon: 'eraser', onClick: () => handlers.onDeleteNumbers(campaign), ...disabled(deleteLock(stateOf(campaign))) },
        ];
        const run = AUTO_CALL_RUN_ACTIONS.map(
          (action): RowAction<unknown> => ({
            key: `run-${action}`,
            labelId: `auto-call.action.${action}`,
            icon: RUN_ICONS[action],
            onClick: () => handlers.onRun(action, campaign),
            ...disabled(allowed.includes(action) ? undefined : 'auto-call.action.not_now'),
          }),
        );
        return [...numbers, ...run];
      },
    },
  };
}

/** The record's state (`ready` before the server says otherwise). */
export const stateOf = (campaign: Pick<AutoCallCampaign, 'state'>): AutoCallState => campaign.state ?? 'ready';

const disabled = (reason: MessageId | undefined) => (reason ? { disabledReasonId: reason } : {});
