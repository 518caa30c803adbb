import { Button, Card, H4, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useUserPermissions, useUserWrites } from '../../api/resources/user-api';
import { usePopup } from '../../shell/popups/popup-context';
import { showError } from '../../ui/feedback/error-store';
import { LoadingState } from '../../ui/feedback/loading-state';
import { StatePanel } from '../../ui/feedback/state-panel';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { useT } from '../../i18n/use-t';
import { PermissionEditor } from './permission-editor';
import './edit-permission-popup.css';

/** Pop-up `user/edit-permission/{id}` (window or dialog): the user's permissions, saved as a whole. */
export default function EditPermissionPopup() {
  const t = useT();
  const popup = usePopup();
  const id = Number(popup?.params.id);
  const { data: user, error, isLoading } = useUserPermissions(Number.isInteger(id) && id > 0 ? id : null);
  const { updatePermissions } = useUserWrites();
  // Null until the manager changes something: until then the editor shows what the server holds.
  const [permissions, setPermissions] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  if (isLoading) return <LoadingState />;
  if (!user || error) return <StatePanel testId="user-not-found" icon="person" title={t('permission_editor.not_found')} />;

  const save = async () => {
    setSaving(true);
    try {
      await updatePermissions(user.id, permissions ?? user.permissions);
      closeAfterSaving(popup, t('permission_editor.saved'));
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card data-testid="edit-permission-popup" style={{ margin: 16, display: 'grid', gap: 16 }}>
      <H4>{t('permission_editor.title', { name: user.name, username: user.username })}</H4>
      <PermissionEditor value={permissions ?? user.permissions} onChange={setPermissions} isManager={user.role === 'manager'} disabled={saving} />
      {/* Sticks to the bottom while the editor scrolls, across the card's whole width (the .css file). */}
      <div className="permission-actions" data-testid="permission-actions">
        {popup && <Button data-testid="permission-cancel" text={t('resource.cancel')} disabled={saving} onClick={popup.close} />}
        <Button data-testid="permission-save" intent={Intent.PRIMARY} text={t('common.save')} loading={saving} onClick={() => void save()} />
      </div>
    </Card>
  );
}
