import type { Message } from './types';
import { timeline } from './timeline';

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
