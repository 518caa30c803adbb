import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { AnyEntity, EntityPopupRole } from '../../api/entities/define-entity';
import { userContract } from '../../api/contracts/user.contract';
import { allows } from '../../api/resources/resource-access';
import { useResourceRecord } from '../../api/resources/use-resource';
import { useT } from '../../i18n/use-t';
import { usePopup } from '../../shell/popups/popup-context';
import { useUserInfo } from '../../shell/session/session-selectors';
import { DirectoryAccessContext } from '../../ui/resource/directory-access';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { PopupFormCard } from '../../ui/layout/popup-form-card';
import { ResourceDetails } from '../../ui/resource/resource-detail-dialog';
import { viewOf, type EntityViewOverrides } from '../../ui/resource/entity-view';
import { ResourceForm } from '../../ui/resource/resource-form';
import '../../ui/forms/form-actions.css';

export interface EntityPopupProps {
  entity: AnyEntity;
  role: EntityPopupRole;
  overrides?: EntityViewOverrides;
}

/**
 * The pop-ups an entity names in `screens.popups` (add-blacklist, edit-callback-number, ...), window or
 * dialog alike: the form closes once saved and hands its confirmation to the opener (popup-toasts.ts);
 * the opener's list refreshes by itself (a write revalidates every window). An add form starts with the
 * query's values for its fields (`blacklist/add?phone_number=…`), and the path's (a time condition's `type`).
 */
export function EntityPopup(props: EntityPopupProps) {
  // The company's user directory is a manager's list: an agent's pop-up shows numbers without asking it.
  const directory = allows(useUserInfo(), userContract.access.read);
  return (
    <DirectoryAccessContext.Provider value={directory}>
      <EntityPopupBody {...props} />
    </DirectoryAccessContext.Provider>
  );
}

function EntityPopupBody({ entity, role, overrides }: EntityPopupProps) {
  const t = useT();
  const popup = usePopup();
  const view = useMemo(() => viewOf(entity, overrides), [entity, overrides]);
  const id = Number(popup?.params.id);
  const wanted = role !== 'add' && Number.isInteger(id) && id > 0 ? id : null;
  const { data: record, error, isLoading } = useResourceRecord(entity.contract, wanted);
  const testId = `${entity.name}-${role}-popup`;
  const onSaved = () => closeAfterSaving(popup, t('resource.saved'));

  if (role === 'add') {
    const names = new Set(view.fields.map((field) => field.name));
    // Path parameters that name a field (time-condition/add/{keyword}/{type}) and the query's.
    const given = { ...popup?.params, ...popup?.query };
    const initialValues = Object.fromEntries(Object.entries(given).filter(([key]) => names.has(key)));
    return (
      <PopupFormCard testId={testId}>
        <ResourceForm view={view} initialValues={initialValues} onSaved={onSaved} onCancel={popup?.close} />
      </PopupFormCard>
    );
  }
  if (isLoading) return <Spinner />;
  if (!record) {
    return <NonIdealState icon="search" data-testid={`${entity.name}-not-found`} title={t('entity.not_found', { noun: t(view.nounId) })} description={error?.message} />;
  }
  if (role === 'edit') {
    return (
      <PopupFormCard testId={testId}>
        <ResourceForm view={view} record={record} onSaved={onSaved} onCancel={popup?.close} />
      </PopupFormCard>
    );
  }
  return (
    <PopupFormCard testId={testId}>
      <ResourceDetails view={view} record={record} />
      {view.slots?.detail?.(record)}
      {popup && (
        <div className="form-actions" style={{ marginTop: 12 }}>
          <Button data-testid="entity-popup-close" text={t('common.close')} onClick={popup.close} />
        </div>
      )}
    </PopupFormCard>
  );
}
