import { CALLBACK_STATUSES, type Callback, type CallbackStatus } from '../../api/contracts/callback.contract';
import { useCallbackActions, useCallbackAssignees } from '../../api/resources/callback-api';
import { useT } from '../../i18n/use-t';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { CallbackChoiceDialog } from './callback-choice-dialog';
import { CALLBACK_STATUS_LABELS } from '../../ui/callbacks/callback-labels';

/** The row dialog the callbacks screen has open: which callback, and which question. */
export type CallbackDialog = { kind: 'status' | 'assign'; callback: Callback } | null;

/** Value of "nobody" in the assignee select (user ids are positive). */
const UNASSIGNED = '';

export function CallbackDialogs({ dialog, canAssign, onClose }: { dialog: CallbackDialog; canAssign: boolean; onClose: () => void }) {
  const t = useT();
  const actions = useCallbackActions();
  const assignees = useCallbackAssignees(canAssign);
  const callback = dialog?.callback;
  const number = callback ? formatPhoneNumber(callback.phone_number) : '';
  return (
    <>
      <CallbackChoiceDialog
        isOpen={dialog?.kind === 'status'}
        titleId="callback.status_title"
        titleValues={{ number }}
        field="status"
        labelId="callback.field.status"
        options={CALLBACK_STATUSES.map((status) => ({ value: status, label: t(CALLBACK_STATUS_LABELS[status]) }))}
        initial={callback?.status ?? 'open'}
        savedId="callback.status_saved"
        onSave={(status) => actions.setStatus(callback!.id, status as CallbackStatus)}
        onClose={onClose}
      />
      <CallbackChoiceDialog
        isOpen={dialog?.kind === 'assign'}
        titleId="callback.assign_title"
        titleValues={{ number }}
        field="user_id"
        labelId="callback.assignee"
        options={[
          { value: UNASSIGNED, label: t('callback.unassigned') },
          ...(assignees.data ?? []).map((user) => ({ value: String(user.id), label: user.extension ? `${user.name} (${user.extension})` : user.name })),
        ]}
        initial={callback?.assigned_user_id === null || callback === undefined ? UNASSIGNED : String(callback.assigned_user_id)}
        savedId="callback.assigned"
        onSave={(value) => actions.assign(callback!.id, value === UNASSIGNED ? null : Number(value))}
        onClose={onClose}
      />
    </>
  );
}
