import type { UserPresence } from './events';
import { type KnownPresence, newerPresence, usePresence } from './presence';

const state = (userId: number) => usePresence.getState().users[userId];

afterEach(() => usePresence.setState({ users: {} }));

describe('presence store ordering', () => {
  it('keeps the greatest sequence per user whatever order the pushes arrive in', () => {
    const apply = (update: UserPresence) => usePresence.getState().apply({ users: [update] });
    // Two nodes announced 「offline」 (seq 11) then 「online」 (seq 12); the second arrived first.
    apply({ userId: 5, status: 'online', seq: 12 });
    apply({ userId: 5, status: 'offline', seq: 11 });
    expect(state(5)).toEqual({ status: 'online', seq: 12 });
    // A newer change replaces it; the same sequence again (a push heard twice) changes nothing.
    apply({ userId: 5, status: 'away', seq: 13 });
    apply({ userId: 5, status: 'online', seq: 13 });
    expect(state(5)).toEqual({ status: 'away', seq: 13 });
    // Another user's sequences are their own.
    apply({ userId: 6, status: 'online', seq: 2 });
    expect(state(6)).toEqual({ status: 'online', seq: 2 });
    expect(state(5)?.status).toBe('away');
  });

  it('takes a REST answer only where it is newer than the pushes already heard', () => {
    const { apply } = usePresence.getState();
    // One push listing two changes.
    apply({
      users: [
        { userId: 1, status: 'online', seq: 40 },
        { userId: 2, status: 'online', seq: 7 },
      ],
    });
    // The answer was read before user 1's latest change and after user 2's.
    apply({ users: [
      { userId: 1, status: 'offline', seq: 39 },
      { userId: 2, status: 'offline', seq: 8 },
      { userId: 3, status: 'away', seq: 5 },
      { userId: 4, status: 'offline', seq: 0 },
    ] });
    expect(state(1)).toEqual({ status: 'online', seq: 40 });
    expect(state(2)).toEqual({ status: 'offline', seq: 8 });
    expect(state(3)).toEqual({ status: 'away', seq: 5 });
    expect(state(4)).toEqual({ status: 'offline', seq: 0 });
  });

  it('ends on the newest state for every order of the same pushes, and answers the same object when nothing is newer', () => {
    const pushes = [
      { userId: 9, status: 'online' as const, seq: 1 },
      { userId: 9, status: 'offline' as const, seq: 2 },
      { userId: 9, status: 'online' as const, seq: 3 },
      { userId: 9, status: 'away' as const, seq: 4 },
    ];
    const orders = (list: typeof pushes): (typeof pushes)[] =>
      list.length <= 1 ? [list] : list.flatMap((first, i) => orders([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [first, ...rest]));
    const all = orders(pushes);
    expect(all).toHaveLength(24);
    for (const order of all) {
      const kept = order.reduce((users, push) => newerPresence(users, [push]), {} as Record<number, KnownPresence>);
      expect(kept[9]).toEqual({ status: 'away', seq: 4 });
    }
    const users = { 9: { status: 'away' as const, seq: 4 } };
    expect(newerPresence(users, pushes)).toBe(users);
  });
});
