/** Socket bindings for chat: join every member channel on (re)connect, catch up, route events to the store. The only place chat subscribes to the socket. */
import { usePresence } from '@/lib/presence';
import { emitEvent, emitWithAck, onConnect, onEvent, socketConnected } from '@/lib/socket';
import { useChat } from './store';

/** `ownUserId` reads the logged-in user at the time of each push (its own messages are never unread). */
export function subscribeChat(ownUserId: () => number | undefined): () => void {
  const chat = () => useChat.getState();
  const offs = [
    onConnect((resync) => {
      void (async () => {
        const channelIds = await chat().fetchUnread();
        // After a resync the socket is still in its rooms; after a (re)connection it joins them first, so
        // that a message is either pushed from now on or returned by the catch-up below (or both, merged by id).
        if (!resync) {
          await Promise.all(channelIds.map(joinChannel));
          // Counted again now that pushes arrive: a message sent between the first count and the joins is in this one.
          await chat().fetchUnread();
        }
        // Anything missed while disconnected (a node restart or failure), or while the nodes lost each other, comes back through REST, once.
        await Promise.all(Object.keys(chat().histories).map((id) => chat().catchUp(Number(id), resync?.since).catch(() => null)));
      })();
    }),
    onEvent('message.created', (message) => chat().onCreated(message, ownUserId())),
    onEvent('message.updated', (message) => chat().onUpdated(message)),
    onEvent('message.deleted', (deleted) => chat().onDeleted(deleted)),
    onEvent('reaction.added', (changed) => chat().onReactions(changed)),
    onEvent('reaction.removed', (changed) => chat().onReactions(changed)),
    onEvent('pin.added', (added) => chat().onPinAdded(added)),
    onEvent('pin.removed', (removed) => chat().onPinRemoved(removed)),
    onEvent('channel.read', (read) => chat().onRead(read)),
    onEvent('typing', (typing) => chat().onTyping(typing)),
    // Kept only when newer than what is known: two nodes' pushes may cross (`lib/presence.ts`).
    onEvent('presence.updated', (presence) => usePresence.getState().apply(presence)),
    // Presence missed while disconnected: the channel on screen asks again.
    onConnect(() => {
      const viewing = chat().viewing;
      if (viewing !== null) void chat().fetchPresence(viewing);
    }),
    reportActivity(),
  ];
  return () => offs.forEach((off) => off());
}

/** At most one `presence:active` per this long: the hub only needs to know the person is there within its 5-minute away time. */
export const ACTIVITY_EVERY_MS = 60_000;
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * Tells the hub the person is at work (keys, pointer, scrolling, the tab coming back), at most
 * once a minute; without it their state turns to away after five minutes. Returns the unsubscribe function.
 */
export function reportActivity(): () => void {
  let last = 0;
  const active = () => {
    const now = Date.now();
    if (document.visibilityState !== 'visible' || now - last < ACTIVITY_EVERY_MS) return;
    last = now;
    emitEvent('presence:active', {});
  };
  ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, active, { passive: true, capture: true }));
  document.addEventListener('visibilitychange', active);
  return () => {
    ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, active, { capture: true }));
    document.removeEventListener('visibilitychange', active);
  };
}

/** At most one `typing` per channel per this long while the person types; the line shows for TYPING_SHOWN_MS after the latest. */
export const TYPING_EVERY_MS = 2_000;
const lastTyping: Record<number, number> = {};

/** The person typed into the composer of `channelId`. */
export function sendTyping(channelId: number): void {
  const now = Date.now();
  if (now - (lastTyping[channelId] ?? 0) < TYPING_EVERY_MS) return;
  lastTyping[channelId] = now;
  emitEvent('typing', { channel_id: channelId });
}

/** Their message to `channelId` went out: the next keystroke is a new `typing` at once. */
export function typingSent(channelId: number): void {
  delete lastTyping[channelId];
}

/** Waits before asking again for a join the hub did not answer, or could not check. */
const JOIN_RETRY_MS = [500, 1000, 2000, 4000];

interface JoinReply {
  error?: { message: string; retry?: boolean };
}

/**
 * Joins a channel's room (on connecting, or right away for one created after). A join the hub
 * did not answer in time, or answered "try again" (`retry`: its check could not be made), is asked
 * again while the socket stays connected; a lost join would leave the channel without pushes
 * until the next connection. A refusal is final. Resolves whether the socket is in the room.
 */
export async function joinChannel(channelId: number): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const reply = await emitWithAck<JoinReply>('channel:join', { channel_id: channelId }).catch(() => null);
    if (reply && !reply.error) return true;
    if (reply?.error && !reply.error.retry) return false;
    if (attempt >= JOIN_RETRY_MS.length || !socketConnected()) return false;
    await new Promise((resolve) => setTimeout(resolve, JOIN_RETRY_MS[attempt]));
  }
}
