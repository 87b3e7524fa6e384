/**
 * Chat notices as browser notifications while the tab is hidden. The server makes a `message`
 * notice for exactly what should reach a person away from the page — a mention, a one-to-one
 * message, a reply in a thread they are in — and never for their own messages. Shown only with
 * the browser's permission (asked from the settings page) and while the member's setting is on;
 * a click brings the tab forward at the message.
 */
import { notificationPermission, showNotification } from '@/lib/browser-notifications';
import type { NoticeCreated } from '@/lib/events';
import { noticeTarget } from './target';
import type { Notice } from './types';

export interface BackgroundNotices {
  /** Whether the member's setting is on, asked when a notification is about to show. */
  enabled: () => Promise<boolean>;
  /** The message's text as the notification's body (empty when it cannot be read). */
  preview: (notice: Notice) => Promise<string>;
  /** Goes to a path of the app. */
  open: (path: string) => void;
}

export async function notifyInBackground({ notice }: NoticeCreated, options: BackgroundNotices): Promise<void> {
  if (notice.type !== 'message' || document.visibilityState !== 'hidden' || notificationPermission() !== 'granted') return;
  if (!(await options.enabled())) return;
  const body = await options.preview(notice).catch(() => '');
  const path = noticeTarget(notice);
  showNotification(notice.message, {
    body,
    tag: `tsumugi-notice-${notice.id}`,
    onClick: () => {
      if (path) options.open(path);
    },
  });
}
