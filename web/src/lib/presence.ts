/**
 * Who is online, for every page that shows someone's dot (a channel's messages and members, a
 * team's members). One store for the whole app, fed by `presence.updated` (subscribed in
 * `features/chat/live.ts`) and by the REST answers of `GET /channels/{id}/presence` and
 * `GET /teams/{id}/presence`.
 *
 * Pushes about one user may come from two nodes and cross on the way; each carries the user's
 * sequence, and the store keeps, per user, the state with the greatest sequence it has seen, so
 * an older push that arrives late changes nothing (`docs/decisions/presence.md`).
 */
import { create } from 'zustand';
import type { MembersPresence, PresenceStatus, UserPresence } from './events';
import { registerReset } from './reset';

export interface KnownPresence {
  status: PresenceStatus;
  seq: number;
}

interface PresenceState {
  /** Each known user's state (absent: offline, never heard of). */
  users: Record<number, KnownPresence>;
  /** A push or a REST answer (one render): each entry kept only when newer than what is known. */
  apply: (presence: MembersPresence) => void;
}

/** `users` with `updates` that are newer than what it holds; the same object when none is. */
export function newerPresence(users: Record<number, KnownPresence>, updates: UserPresence[]): Record<number, KnownPresence> {
  let next = users;
  for (const { userId, status, seq } of updates) {
    const known = next[userId];
    if (known && known.seq >= seq) continue;
    if (next === users) next = { ...users };
    next[userId] = { status, seq };
  }
  return next;
}

export const usePresence = create<PresenceState>()((set) => ({
  users: {},
  apply: (presence) => set((s) => ({ users: newerPresence(s.users, presence.users) })),
}));

// Another person's login starts from nothing.
registerReset(() => usePresence.setState({ users: {} }));

/** A user's state now (offline when unknown). */
export const usePresenceOf = (userId: number): PresenceStatus => usePresence((s) => s.users[userId]?.status ?? 'offline');
