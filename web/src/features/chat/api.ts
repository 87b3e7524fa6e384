import { api } from '@/lib/api-client';
import type { MembersPresence, ReactionSummary } from '@/lib/events';
import type { Channel, ChatFile, GroupedTeams, Member, Message, MessagePage, Reaction, SearchResults, Team } from './types';

export interface UnreadSummary {
  /** `newestMessageId`: the channel's newest message when the count was taken. */
  channels: { channelId: number; teamId: number; unreadCount: number; newestMessageId: number | null }[];
  total: number;
}

export const chatApi = {
  teams: () => api.get<GroupedTeams>('/teams'),
  leaderTeams: () => api.get<GroupedTeams>('/teams/leader_teams'),
  favorite: (teamId: number, isFavorite: boolean) => api.put<Team>(`/teams/${teamId}/favorite`, { isFavorite }),
  /** The channel pages show a refusal as the 403/404 page, not in the banner. */
  channels: (teamId: number) => api.get<Channel[]>(`/teams/${teamId}/channels`, undefined, { quietRefusal: true }),
  channel: (channelId: number) => api.get<Channel>(`/channels/${channelId}`, undefined, { quietRefusal: true }),
  members: (channelId: number) => api.get<Member[]>(`/channels/${channelId}/members`),
  /** The members who are online or away now. */
  presence: (channelId: number) => api.get<MembersPresence>(`/channels/${channelId}/presence`),
  /** Asked for alongside the channel itself: for a channel the user may not read, the channel's 403 page says it, not the banner. */
  messages: (channelId: number, page: number) => api.get<MessagePage>(`/channels/${channelId}/messages`, { page }, { quietRefusal: true }),
  /** The history page holding `messageId` (a search hit opened in its context). */
  messagesAround: (channelId: number, messageId: number) =>
    api.get<MessagePage>(`/channels/${channelId}/messages`, { aroundId: messageId }, { quietRefusal: true }),
  search: (keyword: string, page: number) => api.get<SearchResults>('/messages/search', { keyword, page }),
  /** A catch-up page: the messages after `afterId`; with `recheckAfterId`, also the numbers between the two (`earlier`). */
  messagesAfter: (channelId: number, afterId: number, recheckAfterId?: number) =>
    api.get<MessagePage>(`/channels/${channelId}/messages`, recheckAfterId === undefined ? { afterId } : { afterId, recheckAfterId }),
  send: (channelId: number, body: string, fileIds: number[], clientMessageId: string, parentId?: number) =>
    api.post<Message>(`/channels/${channelId}/messages`, { body, fileIds, clientMessageId, parentId }),
  /** One live message, a reply included (its `parentId` says which thread it is in). */
  message: (channelId: number, messageId: number) =>
    api.get<Message>(`/channels/${channelId}/messages/${messageId}`, undefined, { quietRefusal: true }),
  /** A thread's replies, oldest first. */
  replies: (channelId: number, messageId: number) => api.get<Message[]>(`/channels/${channelId}/messages/${messageId}/replies`),
  edit: (channelId: number, messageId: number, body: string) => api.put<Message>(`/channels/${channelId}/messages/${messageId}`, { body }),
  remove: (channelId: number, messageId: number) => api.delete<void>(`/channels/${channelId}/messages/${messageId}`),
  react: (channelId: number, messageId: number, reactionId: number) =>
    api.post<{ reactions: ReactionSummary[] }>(`/channels/${channelId}/messages/${messageId}/reactions`, { reactionId }),
  unreact: (channelId: number, messageId: number, reactionId: number) =>
    api.delete<void>(`/channels/${channelId}/messages/${messageId}/reactions/${reactionId}`),
  pins: (channelId: number) => api.get<Message[]>(`/channels/${channelId}/pinned_messages`),
  pin: (channelId: number, messageId: number) => api.post<void>(`/channels/${channelId}/pinned_messages`, { messageId }),
  unpin: (channelId: number, messageId: number) => api.delete<void>(`/channels/${channelId}/pinned_messages/${messageId}`),
  files: (channelId: number) => api.get<{ files: { messageId: number; file: ChatFile }[] }>(`/channels/${channelId}/files`),
  unread: () => api.get<UnreadSummary>('/channels/unread'),
  read: (channelId: number, messageId: number) =>
    api.put<{ channelId: number; lastReadMessageId: number; unreadCount: number }>(`/channels/${channelId}/read`, { messageId }),
  reactions: () => api.get<Reaction[]>('/reactions'),
};

