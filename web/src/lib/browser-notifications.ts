/**
 * The browser's Notification API, in one place: what the browser allows, asking for it (only
 * ever from a person's click on the settings page, never on page load), and showing one
 * notification that brings the tab forward when clicked.
 */

export type NotificationPermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser once (it remembers the answer); resolves with what it now allows. */
export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/**
 * Shows `title` with `body`; a click focuses this tab and calls `onClick`. `tag` is the same in
 * every tab for the same thing, so two hidden tabs show it once.
 */
export function showNotification(title: string, options: { body: string; tag: string; onClick: () => void }): void {
  if (notificationPermission() !== 'granted') return;
  const notification = new Notification(title, { body: options.body, tag: options.tag, lang: 'ja' });
  notification.onclick = () => {
    window.focus();
    options.onClick();
    notification.close();
  };
}
