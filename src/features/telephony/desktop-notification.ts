/**
 * Desktop notifications for inbound calls. Permission is asked once, from a click (browsers ignore or
 * penalise prompts without a user gesture); the browser remembers the answer.
 */
export type NotificationState = 'unsupported' | NotificationPermission;

export function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

let asked = false;

/** True while the "enable call alerts" offer makes sense: never asked, and the browser would ask. */
export function shouldOfferNotifications(): boolean {
  return !asked && notificationState() === 'default';
}

export async function askNotificationPermission(): Promise<NotificationState> {
  if (notificationState() !== 'default') return notificationState();
  asked = true;
  try {
    return await Notification.requestPermission();
  } catch {
    return notificationState();
  }
}

/** Shows a notification (if allowed) and returns the function that closes it. */
export function showCallNotification(options: { title: string; body: string; tag: string }): () => void {
  if (notificationState() !== 'granted') return () => undefined;
  try {
    const notification = new Notification(options.title, { body: options.body, tag: options.tag, requireInteraction: true });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    return () => notification.close();
  } catch {
    // Some platforms only allow notifications from a service worker; the ring and the pop-up remain.
    return () => undefined;
  }
}

/** Tests only. */
export function resetNotificationOffer(): void {
  asked = false;
}
