import { mergeMessages, useChat } from './store';
import type { Message } from './types';

const message = (id: number, channelId = 1, userId = 2, body = `m${id}`): Message => ({
  id,
  channelId,
  user: { id: userId, userName: 'u', roleType: 'general', imageFile: null },
  body,
  mentions: [],
  files: [],
  reactions: [],
  isPinned: false,
  clientMessageId: null,
  createdAt: '2026-11-22T00:00:00Z',
  updatedAt: '2026-11-22T00:00:00Z',
});

afterEach(() => useChat.setState({ histories: {}, unread: {}, pins: {}, viewing: null }));

describe('chat store', () => {
  it('merges pushes and catch-up by id, oldest first, without duplicates', () => {
    const merged = mergeMessages([message(3), message(1)], [message(2), message(3, 1, 2, 'edited')]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2].body).toBe('edited');
  });

  it('counts a pushed message as unread unless it is own or on screen', () => {
    useChat.setState({ histories: { 1: { data: [message(1)], loading: false, error: null, page: 0, hasMore: false, unreadMessageId: null } } });
    useChat.getState().onCreated(message(2), 9);
    expect(useChat.getState().histories[1].data.map((m) => m.id)).toEqual([1, 2]);
    expect(useChat.getState().unread[1]).toBe(1);
    useChat.getState().onCreated(message(2), 9);
    expect(useChat.getState().unread[1]).toBe(1);
    useChat.getState().onCreated(message(3, 1, 9), 9);
    expect(useChat.getState().unread[1]).toBe(1);
    useChat.getState().onRead({ channelId: 1, unreadCount: 0 });
    expect(useChat.getState().unread[1]).toBe(0);
  });

  it('removes deleted messages and keeps pins in step', () => {
    useChat.setState({ histories: { 1: { data: [message(1), message(2)], loading: false, error: null, page: 0, hasMore: false, unreadMessageId: null } } });
    useChat.getState().onPinAdded({ channelId: 1, message: message(2) });
    expect(useChat.getState().histories[1].data[1].isPinned).toBe(true);
    expect(useChat.getState().pins[1].map((m) => m.id)).toEqual([2]);
    useChat.getState().onDeleted({ id: 2, channelId: 1 });
    expect(useChat.getState().histories[1].data.map((m) => m.id)).toEqual([1]);
    expect(useChat.getState().pins[1]).toEqual([]);
  });
});
