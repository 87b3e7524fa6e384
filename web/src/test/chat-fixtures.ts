import type { MessageView } from '@/lib/events';

/** A chat message as the client holds it, shared by the chat tests. */
export const chatMessage = (id: number, channelId = 1, userId = 2, body = `m${id}`, createdAt = '2026-11-22T00:00:00Z', userName = 'u'): MessageView => ({
  id,
  channelId,
  user: { id: userId, userName, roleType: 'general', imageFile: null },
  body,
  mentions: [],
  files: [],
  reactions: [],
  isPinned: false,
  parentId: null,
  replyCount: 0,
  lastRepliers: [],
  clientMessageId: null,
  createdAt,
  updatedAt: '2026-11-22T00:00:00Z',
});
