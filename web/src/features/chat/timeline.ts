/**
 * What the message list draws, in order: a day separator where the Tokyo date changes (and above
 * the first message drawn), the 「ここから未読」 divider right above the first unread message, and
 * the messages. Pure, so where each line goes is tested without a browser.
 */
import { formatDayHeading, tokyoIsoDate } from '@/lib/format';
import type { Message } from './types';

export type TimelineItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'unread'; key: string }
  | { kind: 'message'; key: string; message: Message };

export function timeline(messages: Message[], unreadMessageId: number | null, now: Date = new Date()): TimelineItem[] {
  const items: TimelineItem[] = [];
  let day = '';
  for (const message of messages) {
    const date = tokyoIsoDate(message.createdAt);
    if (date !== day) {
      day = date;
      items.push({ kind: 'day', key: `day-${date}`, label: formatDayHeading(message.createdAt, now) });
    }
    if (message.id === unreadMessageId) items.push({ kind: 'unread', key: 'unread' });
    items.push({ kind: 'message', key: String(message.id), message });
  }
  return items;
}
