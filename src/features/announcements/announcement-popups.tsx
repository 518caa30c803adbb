import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { announcementContract } from '../../api/contracts/announcement.contract';
import { useMarkAnnouncementRead } from '../../api/resources/announcement-api';
import { useResourceRecord } from '../../api/resources/use-resource';
import { useT } from '../../i18n/use-t';
import { usePopup } from '../../shell/popups/popup-context';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { PopupFormCard } from '../../ui/layout/popup-form-card';
import { ResourceDetails } from '../../ui/resource/resource-detail-dialog';
import { ResourceForm } from '../../ui/resource/resource-form';
import { AnnouncementMarks, announcementView } from './announcement.resource';
import '../../ui/forms/form-actions.css';

/** The id in the pop-up's path, or null. */
function usePopupId(): number | null {
  const popup = usePopup();
  const id = Number(popup?.params.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `announcement/add` (add-announcement): the form; closes once saved. */
export function AddAnnouncementPopup() {
  const t = useT();
  const popup = usePopup();
  return (
    <PopupFormCard testId="announcement-add-popup">
      <ResourceForm view={announcementView} onSaved={() => closeAfterSaving(popup, t('announcement.saved'))} onCancel={popup?.close} />
    </PopupFormCard>
  );
}

/** `announcement/edit/{id}` (edit-announcement): the announcement's form. */
export function EditAnnouncementPopup() {
  const t = useT();
  const popup = usePopup();
  const { data: record, error, isLoading } = useResourceRecord(announcementContract, usePopupId());
  if (isLoading) return <Spinner />;
  if (!record) return <NonIdealState icon="search" data-testid="announcement-not-found" title={t('announcement.not_found')} description={error?.message} />;
  return (
    <PopupFormCard testId="announcement-edit-popup">
      <ResourceForm view={announcementView} record={record} onSaved={() => closeAfterSaving(popup, t('announcement.saved'))} onCancel={popup?.close} />
    </PopupFormCard>
  );
}

/** `view-announcement/{id}` (view-announcement): the announcement, marked read as it is shown. */
export function ViewAnnouncementPopup() {
  const t = useT();
  const popup = usePopup();
  const id = usePopupId();
  const { data: record, error, isLoading } = useResourceRecord(announcementContract, id);
  const markRead = useMarkAnnouncementRead();
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (!record || record.read || marked.current === record.id) return;
    marked.current = record.id;
    void markRead(record.id).catch(() => undefined);
  }, [record, markRead]);
  if (isLoading) return <Spinner />;
  if (!record) return <NonIdealState icon="search" data-testid="announcement-not-found" title={t('announcement.not_found')} description={error?.message} />;
  return (
    <PopupFormCard testId="announcement-view-popup">
      <AnnouncementMarks record={record} />
      <ResourceDetails view={announcementView} record={record} />
      {popup && (
        <div className="form-actions" style={{ marginTop: 12 }}>
          <Button data-testid="announcement-close" text={t('common.close')} onClick={popup.close} />
        </div>
      )}
    </PopupFormCard>
  );
}
