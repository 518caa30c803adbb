import type { UserPermission, UserPermissionGroup } from '../../api/permissions/catalogue';
import type { MessageId } from '../../i18n/message-ids';

/** Message ids of the catalogue's groups and permissions (src/api/permissions/catalogue.ts). */
export const groupLabelId = (group: UserPermissionGroup): MessageId => `permission.group.${group}`;
export const permissionLabelId = (permission: UserPermission): MessageId => `permission.${permission}`;
