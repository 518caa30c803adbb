import { Callout, Card, Checkbox, H5, Intent, Switch } from '@blueprintjs/core';
import { USER_PERMISSION_GROUPS, type UserPermission, type UserPermissionGroup } from '../../api/permissions/catalogue';
import { useT } from '../../i18n/use-t';
import { groupLabelId, permissionLabelId } from './permission-labels';

export interface PermissionEditorProps {
  /** The permissions held; names outside the catalogue are kept as they are. */
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  /** Managers pass every user check anyway (specification §6): say so above the toggles. */
  isManager: boolean;
  /** @default false */
  disabled?: boolean;
}

const GROUPS = Object.entries(USER_PERMISSION_GROUPS) as [UserPermissionGroup, readonly UserPermission[]][];

/**
 * The permission editor (specification §6): the shared catalogue's four groups (CTI functions, CRM menu
 * functions, sub functions, default settings), one switch per permission and an "all" box per group.
 */
export function PermissionEditor({ value, onChange, isManager, disabled = false }: PermissionEditorProps) {
  const t = useT();
  const held = new Set(value);
  const set = (names: readonly string[], on: boolean) => {
    const next = new Set(held);
    for (const name of names) {
      if (on) next.add(name);
      else next.delete(name);
    }
    onChange([...next]);
  };
  return (
    <div data-testid="permission-editor" style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
      {isManager && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid="permission-manager-note" style={{ gridColumn: '1 / -1' }}>
          {t('permission_editor.manager_note')}
        </Callout>
      )}
      {GROUPS.map(([group, permissions]) => {
        const count = permissions.filter((p) => held.has(p)).length;
        return (
          <Card key={group} compact data-testid={`permission-group-${group}`} role="group" aria-labelledby={`permission-group-${group}-title`}>
            <H5 id={`permission-group-${group}-title`}>{t(groupLabelId(group))}</H5>
            <Checkbox
              data-testid={`permission-all-${group}`}
              label={t('permission_editor.all')}
              checked={count === permissions.length}
              indeterminate={count > 0 && count < permissions.length}
              disabled={disabled}
              onChange={(event) => set(permissions, event.currentTarget.checked)}
            />
            {permissions.map((permission) => (
              <Switch
                key={permission}
                data-testid={`permission-${permission}`}
                label={t(permissionLabelId(permission))}
                checked={held.has(permission)}
                disabled={disabled}
                onChange={(event) => set([permission], event.currentTarget.checked)}
              />
            ))}
          </Card>
        );
      })}
    </div>
  );
}
