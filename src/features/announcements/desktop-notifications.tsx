import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';

/**
 * Desktop notifications of new announcements (the Notification API). Permission is asked only when the
 * user presses the bell button (browsers refuse, and users resent, a prompt on load); once granted a new
 * announcement shows one, tagged by its id so the app's several tabs show it once.
 */

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Shows the announcement as a desktop notification when the user allowed them; `onClick` opens it. */
export function notifyDesktop(title: string, body: string, tag: string, onClick: () => void): void {
  if (currentPermission() !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker: the toast is enough.
  }
}

/** "Desktop notifications": asks for the permission on a click; hidden once decided or unsupported. */
export function NotificationPermissionButton() {
  const t = useT();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  if (permission !== 'default') return null;
  return (
    <Button
      icon="notifications"
      minimal
      data-testid="announcement-notifications-enable"
      text={t('announcement.enable_notifications')}
      onClick={() => {
        void Notification.requestPermission().then(setPermission, () => setPermission(currentPermission()));
      }}
    />
  );
}
