import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useUserInfo } from '../../shell/session/session-selectors';
import { sessionActor } from '../../shell/session/session-actor';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import type { Role } from '../../api/permissions/catalogue';

export const ROLE_LABELS: Record<Role, MessageId> = {
  admin: 'role.admin',
  manager: 'role.manager',
  agent: 'role.agent',
};

/** The signed-in user's name and role, with "my account" and "log out". */
export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  if (!userInfo) return null;
  const accountPath = userInfo.role === 'admin' ? '/admin/my-account' : '/my-account';
  const role = t(ROLE_LABELS[userInfo.role]);

  const menu = (
    <Menu aria-label={t('shell.user_menu')}>
      <MenuDivider title={`${userInfo.user.name} · ${role}`} />
      <MenuItem icon="user" text={t('menu.my_account')} data-testid="my-account" onClick={() => navigate(accountPath)} />
      <MenuItem
        icon="log-out"
        text={t('shell.logout')}
        data-testid="logout"
        onClick={() => sessionActor.send({ type: 'LOGOUT' })}
      />
    </Menu>
  );

  return (
    // PopoverNext: Blueprint's classic Popover mispositions under React 19.
    <PopoverNext content={menu} placement="bottom-end">
      <Button
        variant="minimal"
        icon="user"
        endIcon="caret-down"
        data-testid="user-menu"
        aria-label={t('shell.user_menu_for', { name: userInfo.user.name, role })}
        text={userInfo.user.name}
      />
    </PopoverNext>
  );
}
