import type { Held, History } from '@/features/chat/store';
import type { MessageView } from '@/lib/events';

/** A chat message as the client holds it, shared by the chat tests. */
export const chatMessage = (id: number, channelId = 1, userId = 2, body = `m${id}`, createdAt = '2026-11-22T00:00:00Z', userName = 'u'): MessageView => ({
  id,
  channelId,
  // Numbered like its id: these tests' channels hold nothing else.
  seq: id,
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

/** A loaded newest page of a channel holding `messages`, everything up to the newest of them read. */
export const chatHistory = (messages: MessageView[], held: Partial<Held> = {}): History => ({
  data: messages,
  loading: false,
  error: null,
  page: 0,
  hasMore: false,
  unreadMessageId: null,
  unreadCount: 0,
  unreadUpToId: null,
  through: messages.at(-1)?.seq ?? 0,
  ahead: [],
  ...held,
});
