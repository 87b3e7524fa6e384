/** Socket bindings for chat: join every member channel on (re)connect, catch up, route events to the store. */
import { emitWithAck, onConnect, onEvent } from '@/lib/socket';
import { useChat } from './store';
import type { Message } from './types';

export function subscribeChat(ownUserId: () => number | undefined): () => void {
  const chat = () => useChat.getState();
  const offs = [
    onConnect(() => {
      void (async () => {
        const channelIds = await chat().fetchUnread();
        await Promise.all(channelIds.map((channelId) => emitWithAck('channel:join', { channel_id: channelId }).catch(() => null)));
        // Anything missed while disconnected (or during a server restart) comes back through REST, once.
        await Promise.all(Object.keys(chat().histories).map((id) => chat().catchUp(Number(id)).catch(() => null)));
      })();
    }),
    onEvent('message.created', (p) => chat().onCreated(p as Message, ownUserId())),
    onEvent('message.updated', (p) => chat().onUpdated(p as Message)),
    onEvent('message.deleted', (p) => chat().onDeleted(p as { id: number; channelId: number })),
    onEvent('reaction.added', (p) => chat().onReactions(p as never)),
    onEvent('reaction.removed', (p) => chat().onReactions(p as never)),
    onEvent('pin.added', (p) => chat().onPinAdded(p as never)),
    onEvent('pin.removed', (p) => chat().onPinRemoved(p as never)),
    onEvent('channel.read', (p) => chat().onRead(p as never)),
    onEvent('typing', (p) => chat().onTyping(p as never)),
  ];
  return () => offs.forEach((off) => off());
}

/** Joins a channel's room right away (e.g. one created after connecting). */
export const joinChannel = (channelId: number) => emitWithAck('channel:join', { channel_id: channelId }).catch(() => null);
