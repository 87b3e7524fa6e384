import type { Message } from './types';
import { chatMessage } from '@/test/chat-fixtures';
import { jumpLabel, jumpName, timeline, unseenUnread } from './timeline';

const at = (id: number, createdAt: string) => ({ id, createdAt }) as Message;
const NOW = new Date('2026-11-29T03:00:00Z');

const shape = (items: ReturnType<typeof timeline>) => items.map((i) => (i.kind === 'message' ? i.message.id : i.kind === 'day' ? i.label : '未読'));

describe('timeline', () => {
  it('separates Tokyo days (not UTC ones) and puts the unread divider right above the first unread message', () => {
    const messages = [
      at(1, '2026-11-28T14:59:00Z'), // 28日 23:59 in Tokyo
      at(2, '2026-11-28T15:00:00Z'), // 29日 00:00 in Tokyo
      at(3, '2026-11-29T02:00:00Z'),
      at(4, '2026-11-29T03:00:00Z'),
    ];
    expect(shape(timeline(messages, 3, NOW))).toEqual(['11月28日（土）', 1, '11月29日（日）', 2, '未読', 3, 4]);
  });

  it('puts the day first when the first unread message starts a day, and no divider when all is read', () => {
    const messages = [at(1, '2026-11-28T01:00:00Z'), at(2, '2026-11-29T01:00:00Z')];
    expect(shape(timeline(messages, 2, NOW))).toEqual(['11月28日（土）', 1, '11月29日（日）', '未読', 2]);
    expect(shape(timeline(messages, null, NOW))).toEqual(['11月28日（土）', 1, '11月29日（日）', 2]);
    // An unread message not loaded yet draws no divider.
    expect(shape(timeline(messages, 99, NOW)).includes('未読')).toBe(false);
  });

  it('names the year of another year', () => {
    expect(shape(timeline([at(1, '2025-12-31T14:00:00Z')], null, NOW))[0]).toBe('2025年12月31日（水）');
  });
});

describe('the jump button count', () => {
  const OWN = 1;
  // Messages 101…130 are loaded (100 and older are not yet); 115 and 120 are the reader's own, never
  // unread. The reader had read up to 110: the server counted 111…130 less the own two, 18.
  const loaded = Array.from({ length: 30 }, (_, i) => chatMessage(101 + i, 7, [115, 120].includes(101 + i) ? OWN : 2));
  const at = { firstId: 111, count: 18, upToId: 130 };

  it('starts from the server count and falls as the reader scrolls up through the unread messages', () => {
    expect(unseenUnread(at, loaded, OWN, null)).toBe(18);
    // The view shows 126…130 when the channel opens: 5 seen.
    expect(unseenUnread(at, loaded, OWN, 126)).toBe(13);
    // Scrolled up to 118: 119…130 are seen minus the own 120 → 11 seen, and 118 itself.
    expect(unseenUnread(at, loaded, OWN, 118)).toBe(18 - 12);
    // Up to the first unread: all seen.
    expect(unseenUnread(at, loaded, OWN, 111)).toBe(0);
    // Read messages above it change nothing, and it never goes below zero.
    expect(unseenUnread(at, loaded, OWN, 101)).toBe(0);
    expect(unseenUnread({ ...at, count: 3 }, loaded, OWN, 111)).toBe(0);
  });

  it('leaves out what arrived after the channel opened, and counts the pages not loaded yet through the server figure', () => {
    const arrived = [...loaded, chatMessage(131, 7, 2), chatMessage(132, 7, 2)];
    expect(unseenUnread(at, arrived, OWN, 126)).toBe(13);
    // The first unread is older than every loaded page: 90…130 less the own two is 39, of which
    // 90…100 (11) are not loaded.
    const older = { firstId: 90, count: 39, upToId: 130 };
    expect(unseenUnread(older, loaded, OWN, 126)).toBe(34);
    expect(unseenUnread(older, loaded, OWN, 101)).toBe(11);
  });

  it('says 「未読 12件」, or where to go when the count is not known', () => {
    expect(jumpLabel(12)).toBe('↑ 未読 12件');
    expect(jumpLabel(0)).toBe('↑ 未読メッセージへ');
  });

  it('names the jump button with its visible words first, then where it goes', () => {
    for (const count of [0, 1, 12]) expect(jumpName(count).startsWith(jumpLabel(count))).toBe(true);
    expect(jumpName(4)).toBe('↑ 未読 4件（未読メッセージへ移動）');
  });
});
