import {
  CALLBACK_ASSIGNMENT_FILTERS,
  CALLBACK_STATUSES,
  callbackContract,
  type Callback,
} from '../../api/contracts/callback.contract';
import { openPopup } from '../../shell/popups/open-popup';
import { formatDate, formatDateTime } from '../../i18n/dates';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { defineResourceView, type ResourceOption, type RowAction } from '../../ui/resource/resource-view';
import { PhoneNumberLink } from '../../ui/telephony/phone-number-link';
import { CALLBACK_SOURCE_LABELS, CALLBACK_STATUS_LABELS } from '../../ui/callbacks/callback-labels';
import { CallbackAutoState } from '../../ui/callbacks/callback-auto-state';
import { CallbackStatusTag } from '../../ui/callbacks/callback-status-tag';

const STATUS_FILTER_OPTIONS: ResourceOption[] = [
  { value: 'active', labelId: 'callback.status_filter.active' },
  ...CALLBACK_STATUSES.map((value) => ({ value, labelId: CALLBACK_STATUS_LABELS[value] })),
];
const ASSIGNMENT_LABELS: Record<(typeof CALLBACK_ASSIGNMENT_FILTERS)[number], MessageId> = {
  mine: 'callback.assignment.mine',
  unassigned: 'callback.assignment.unassigned',
};
const ASSIGNMENT_OPTIONS: ResourceOption[] = CALLBACK_ASSIGNMENT_FILTERS.map((value) => ({ value, labelId: ASSIGNMENT_LABELS[value] }));

function Assignee({ callback }: { callback: Callback }) {
  const t = useT();
  return <span data-testid={`callback-assignee-${callback.id}`}>{callback.assigned_user_name ?? t('callback.unassigned')}</span>;
}

function Source({ callback }: { callback: Callback }) {
  const t = useT();
  return <>{t(CALLBACK_SOURCE_LABELS[callback.source])}</>;
}

/** What the rows' own buttons do; assigning is offered only when `onAssign` is given (managers). */
export interface CallbackRowHandlers {
  onStatus: (callback: Callback) => void;
  onAssign?: (callback: Callback) => void;
}

/**
 * Callbacks (the "call back list"): the one definition the list, add/edit and view dialogs draw from.
 * The number is click-to-call (PhoneNumberLink); status and assignment are row buttons whose dialogs
 * the screen owns, so the definition is made per screen with its handlers.
 */
export function callbackView({ onStatus, onAssign }: CallbackRowHandlers) {
  const rowActions = (): RowAction<Callback>[] => [
    // Whom to call at the number first (several members may share it), then the outbound pop-up with the callback.
    {
      key: 'callback-call',
      labelId: 'callback.call_back',
      icon: 'phone',
      onClick: (c) => void openPopup('outbound-select-member', { callback_id: c.id, phone_number: c.phone_number }),
    },
    { key: 'callback-status', labelId: 'callback.change_status', icon: 'flow-linear', onClick: onStatus },
    ...(onAssign ? [{ key: 'callback-assign', labelId: 'callback.assign', icon: 'person', onClick: onAssign } as const] : []),
  ];
  return defineResourceView({
    contract: callbackContract,
    // Several agents work the list at once: their assignments and status changes show within 15 s.
    refreshEveryMs: 15_000,
    nounId: 'callback.noun',
    searchPlaceholderId: 'callback.search_placeholder',
    columns: [
      { key: 'phone_number', labelId: 'callback.field.phone_number', sortField: 'phone_number', render: (c) => <PhoneNumberLink number={c.phone_number} testId={`callback-number-${c.id}`} /> },
      { key: 'status', labelId: 'callback.field.status', sortField: 'status', render: (c) => <CallbackStatusTag callback={c} /> },
      { key: 'assigned_user_name', labelId: 'callback.field.assigned_user', render: (c) => <Assignee callback={c} /> },
      { key: 'attempts', labelId: 'callback.field.attempts', sortField: 'attempts' },
      { key: 'auto_state', labelId: 'callback.field.auto', render: (c) => <CallbackAutoState callback={c} /> },
      { key: 'last_call_at', labelId: 'callback.field.last_call_at', sortField: 'last_call_at', render: (c) => formatDateTime(c.last_call_at) },
      { key: 'queue', labelId: 'callback.field.queue' },
      { key: 'note', labelId: 'callback.field.note' },
      { key: 'source', labelId: 'callback.field.source', defaultHidden: true, render: (c) => <Source callback={c} /> },
      { key: 'created_at', labelId: 'callback.field.created_at', sortField: 'created_at', defaultHidden: true, render: (c) => formatDate(c.created_at) },
    ],
    fields: [
      { kind: 'tel', name: 'phone_number', labelId: 'callback.field.phone_number', required: true },
      { kind: 'text', name: 'note', labelId: 'callback.field.note' },
    ],
    filters: [
      { name: 'status', labelId: 'callback.status_filter', useOptions: () => STATUS_FILTER_OPTIONS },
      { name: 'assignment', labelId: 'callback.assignment_filter', useOptions: () => ASSIGNMENT_OPTIONS },
    ],
    emptyValues: () => ({ phone_number: '', note: '' }),
    toFormValues: (c) => ({ phone_number: c.phone_number, note: c.note ?? '' }),
    describe: (c) => c.phone_number,
    deleteConfirmId: 'callback.delete_confirm',
    slots: { rowActions },
  });
}
