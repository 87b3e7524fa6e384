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

/** Where a channel's unread messages stood when it opened (its newest page's answer). */
export interface UnreadAtOpen {
  /** The first unread message (another person's, outside threads), if any. */
  firstId: number | null;
  /** How many there were. */
  count: number;
  /** The newest message then: what arrives later is read as it comes, and not counted. */
  upToId: number | null;
}

/**
 * How many of the unread messages the reader has not seen yet: the jump button's count
 * (「未読 12件」). A message counts as seen once the view has shown it, that is when it is at
 * or below the oldest message that has reached the view (`oldestSeenId`; null before the view is
 * measured), so the count falls as the reader scrolls up through them and never rises again. The
 * messages not loaded yet are in the count through the server's figure.
 */
export function unseenUnread(at: UnreadAtOpen, messages: Message[], ownUserId: number, oldestSeenId: number | null): number {
  if (at.firstId === null || at.upToId === null || oldestSeenId === null) return at.count;
  const { firstId, upToId } = at;
  const seen = messages.filter((m) => m.id >= firstId && m.id <= upToId && m.id >= oldestSeenId && m.user.id !== ownUserId && m.parentId === null).length;
  return Math.max(0, at.count - seen);
}

/** The jump button's words for `count` unseen unread messages. */
export const jumpLabel = (count: number): string => (count > 0 ? `↑ 未読 ${count}件` : '↑ 未読メッセージへ');

/**
 * The jump button's accessible name: its visible words first (a speech user says what they see,
 * WCAG 2.5.3), then where it goes when the words do not say it.
 */
export const jumpName = (count: number): string => (count > 0 ? `${jumpLabel(count)}（未読メッセージへ移動）` : jumpLabel(count));
