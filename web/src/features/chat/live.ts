/** Socket bindings for chat: join every member channel on (re)connect, catch up, route events to the store. The only place chat subscribes to the socket. */
import { emitWithAck, onConnect, onEvent } from '@/lib/socket';
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
        if (!resync) await Promise.all(channelIds.map((channelId) => emitWithAck('channel:join', { channel_id: channelId }).catch(() => null)));
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
  ];
  return () => offs.forEach((off) => off());
}

/** Joins a channel's room right away (e.g. one created after connecting). */
export const joinChannel = (channelId: number) => emitWithAck('channel:join', { channel_id: channelId }).catch(() => null);
