import { H5, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { callerIdEntity } from '../../api/contracts/caller-id.contract';
import { useResourceRecord } from '../../api/resources/use-resource';
import { useT } from '../../i18n/use-t';
import { usePopup } from '../../shell/popups/popup-context';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { PopupFormCard } from '../../ui/layout/popup-form-card';
import { viewOf } from '../../ui/resource/entity-view';
import { ResourceForm } from '../../ui/resource/resource-form';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';

/**
 * `caller-id/{id}/users` (edit-caller-id, a window): who may dial out with this caller id, the company's
 * users as checkboxes. The caller id's number and name are shown, not edited; the save is the entity's
 * update with them as they are (docs/telephony.md "Caller ID").
 */
export default function CallerIdUsersPopup() {
  const t = useT();
  const popup = usePopup();
  const view = useMemo(() => viewOf(callerIdEntity, { fields: { number: false, name: false } }), []);
  const id = Number(popup?.params.id);
  const { data: record, error, isLoading } = useResourceRecord(callerIdEntity.contract, Number.isInteger(id) && id > 0 ? id : null);
  if (isLoading) return <Spinner />;
  if (!record) {
    return <NonIdealState icon="search" data-testid="caller-id-not-found" title={t('entity.not_found', { noun: t('caller-id.noun') })} description={error?.message} />;
  }
  return (
    <PopupFormCard testId="caller-id-users-popup">
      <H5 data-testid="caller-id-users-of">
        {formatPhoneNumber(record.number)} {record.name}
      </H5>
      <ResourceForm view={view} record={record} onSaved={() => closeAfterSaving(popup, t('resource.saved'))} onCancel={popup?.close} />
    </PopupFormCard>
  );
}
