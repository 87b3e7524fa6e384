/** Chat state: teams, channels, message history per channel, pins, members and unread counts, all kept live. */
import { create } from 'zustand';
import { type AsyncState, done, failed, initialAsync, started, track } from '@/lib/async-state';
import type { ReactionSummary } from '@/lib/events';
import { registerReset } from '@/lib/reset';
import { chatApi } from './api';
import type { Channel, GroupedTeams, Member, Message, Reaction } from './types';

export interface History extends AsyncState<Message[]> {
  /** Highest page loaded (0 is the newest). */
  page: number;
  hasMore: boolean;
  unreadMessageId: number | null;
}

/** Stable empty lists for selectors (a fresh `[]` per call would re-render forever). */
export const NO_MEMBERS: Member[] = [];
export const NO_MESSAGES: Message[] = [];

const emptyHistory = (): History => ({ ...initialAsync<Message[]>([]), page: -1, hasMore: true, unreadMessageId: null });
const emptyTeams = (): GroupedTeams => ({ favorite: [], assigned: [], other: [] });

/** Merges messages by id, keeping ascending order; duplicates (push + catch-up) collapse. */
export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

interface ChatState {
  teams: AsyncState<GroupedTeams>;
  leaderTeams: AsyncState<GroupedTeams>;
  channels: Record<number, AsyncState<Channel[]>>;
  histories: Record<number, History>;
  pins: Record<number, Message[]>;
  members: Record<number, Member[]>;
  unread: Record<number, number>;
  reactions: Reaction[];
  /** The channel on screen; its new messages are read, not counted. */
  viewing: number | null;
  typing: Record<number, { userId: number; at: number }[]>;

  fetchTeams: () => Promise<void>;
  fetchLeaderTeams: () => Promise<void>;
  toggleFavorite: (teamId: number, isFavorite: boolean) => Promise<void>;
  fetchChannels: (teamId: number) => Promise<void>;
  fetchUnread: () => Promise<number[]>;
  fetchHistory: (channelId: number, page: number) => Promise<void>;
  catchUp: (channelId: number) => Promise<void>;
  fetchPins: (channelId: number) => Promise<void>;
  fetchMembers: (channelId: number) => Promise<void>;
  fetchReactions: () => Promise<void>;
  markRead: (channelId: number, messageId: number) => Promise<void>;
  deleteMessage: (channelId: number, messageId: number) => Promise<void>;
  setViewing: (channelId: number | null) => void;

  onCreated: (message: Message, ownUserId: number | undefined) => void;
  onUpdated: (message: Message) => void;
  onDeleted: (event: { id: number; channelId: number }) => void;
  onReactions: (event: { channelId: number; messageId: number; reactions: ReactionSummary[] }) => void;
  onPinAdded: (event: { channelId: number; message: Message }) => void;
  onPinRemoved: (event: { channelId: number; messageId: number }) => void;
  onRead: (event: { channelId: number; unreadCount: number }) => void;
  onTyping: (event: { channelId: number; userId: number }) => void;
}

const initial = () => ({
  teams: initialAsync(emptyTeams()),
  leaderTeams: initialAsync(emptyTeams()),
  channels: {},
  histories: {},
  pins: {},
  members: {},
  unread: {},
  reactions: [],
  viewing: null,
  typing: {},
});

export const useChat = create<ChatState>((set, get) => {
  const patchHistory = (channelId: number, update: (h: History) => Partial<History>) =>
    set((s) => {
      const history = s.histories[channelId] ?? emptyHistory();
      return { histories: { ...s.histories, [channelId]: { ...history, ...update(history) } } };
    });
  const patchMessage = (channelId: number, messageId: number, update: (m: Message) => Message) =>
    set((s) => {
      const history = s.histories[channelId];
      const pins = s.pins[channelId];
      return {
        histories: history
          ? { ...s.histories, [channelId]: { ...history, data: history.data.map((m) => (m.id === messageId ? update(m) : m)) } }
          : s.histories,
        pins: pins ? { ...s.pins, [channelId]: pins.map((m) => (m.id === messageId ? update(m) : m)) } : s.pins,
      };
    });

  return {
    ...initial(),
    fetchTeams: async () => {
      await track(set, 'teams', chatApi.teams, 'チームの取得に失敗しました');
    },
    fetchLeaderTeams: async () => {
      await track(set, 'leaderTeams', chatApi.leaderTeams, 'チームの取得に失敗しました');
    },
    toggleFavorite: async (teamId, isFavorite) => {
      await chatApi.favorite(teamId, isFavorite);
      await get().fetchTeams();
    },
    fetchChannels: async (teamId) => {
      set((s) => ({ channels: { ...s.channels, [teamId]: started(s.channels[teamId] ?? initialAsync<Channel[]>([])) } }));
      try {
        const list = await chatApi.channels(teamId);
        set((s) => ({
          channels: { ...s.channels, [teamId]: done(s.channels[teamId], list) },
          unread: { ...s.unread, ...Object.fromEntries(list.map((c) => [c.id, c.unreadCount])) },
        }));
      } catch (error) {
        set((s) => ({ channels: { ...s.channels, [teamId]: failed(s.channels[teamId], error, 'チャンネルの取得に失敗しました') } }));
      }
    },
    fetchUnread: async () => {
      const summary = await chatApi.unread();
      set({ unread: Object.fromEntries(summary.channels.map((c) => [c.channelId, c.unreadCount])) });
      return summary.channels.map((c) => c.channelId);
    },
    fetchHistory: async (channelId, page) => {
      patchHistory(channelId, (h) => started(h));
      try {
        const answer = await chatApi.messages(channelId, page);
        patchHistory(channelId, (h) => ({
          ...done(h, page === 0 ? mergeMessages([], answer.messages) : mergeMessages(h.data, answer.messages)),
          page,
          hasMore: answer.hasMore,
          unreadMessageId: page === 0 ? answer.unreadMessageId : h.unreadMessageId,
        }));
      } catch (error) {
        patchHistory(channelId, (h) => failed(h, error, 'メッセージの取得に失敗しました'));
      }
    },
    catchUp: async (channelId) => {
      const history = get().histories[channelId];
      const last = history?.data.at(-1)?.id;
      if (last === undefined) return;
      const answer = await chatApi.messagesAfter(channelId, last);
      patchHistory(channelId, (h) => ({ data: mergeMessages(h.data, answer.messages) }));
      if (answer.hasMore) await get().catchUp(channelId);
    },
    fetchPins: async (channelId) => {
      const pins = await chatApi.pins(channelId);
      set((s) => ({ pins: { ...s.pins, [channelId]: pins } }));
    },
    fetchMembers: async (channelId) => {
      const members = await chatApi.members(channelId);
      set((s) => ({ members: { ...s.members, [channelId]: members } }));
    },
    fetchReactions: async () => {
      if (get().reactions.length) return;
      set({ reactions: await chatApi.reactions() });
    },
    markRead: async (channelId, messageId) => {
      const answer = await chatApi.read(channelId, messageId);
      set((s) => ({ unread: { ...s.unread, [channelId]: answer.unreadCount } }));
    },
    deleteMessage: async (channelId, messageId) => {
      await chatApi.remove(channelId, messageId);
      get().onDeleted({ id: messageId, channelId });
    },
    setViewing: (channelId) => set({ viewing: channelId }),

    onCreated: (message, ownUserId) => {
      const history = get().histories[message.channelId];
      if (history && history.page >= 0) patchHistory(message.channelId, (h) => ({ data: mergeMessages(h.data, [message]) }));
      const seen = history?.data.some((m) => m.id === message.id);
      const visible = get().viewing === message.channelId && document.visibilityState === 'visible';
      if (!seen && !visible && message.user.id !== ownUserId) {
        set((s) => ({ unread: { ...s.unread, [message.channelId]: (s.unread[message.channelId] ?? 0) + 1 } }));
      }
    },
    onUpdated: (message) => patchMessage(message.channelId, message.id, () => message),
    onDeleted: ({ id, channelId }) =>
      set((s) => {
        const history = s.histories[channelId];
        return {
          histories: history ? { ...s.histories, [channelId]: { ...history, data: history.data.filter((m) => m.id !== id) } } : s.histories,
          pins: s.pins[channelId] ? { ...s.pins, [channelId]: s.pins[channelId].filter((m) => m.id !== id) } : s.pins,
        };
      }),
    onReactions: ({ channelId, messageId, reactions }) => patchMessage(channelId, messageId, (m) => ({ ...m, reactions })),
    onPinAdded: ({ channelId, message }) => {
      patchMessage(channelId, message.id, (m) => ({ ...m, isPinned: true }));
      set((s) => ({ pins: { ...s.pins, [channelId]: [message, ...(s.pins[channelId] ?? []).filter((m) => m.id !== message.id)] } }));
    },
    onPinRemoved: ({ channelId, messageId }) => {
      patchMessage(channelId, messageId, (m) => ({ ...m, isPinned: false }));
      set((s) => ({ pins: { ...s.pins, [channelId]: (s.pins[channelId] ?? []).filter((m) => m.id !== messageId) } }));
    },
    onRead: ({ channelId, unreadCount }) => set((s) => ({ unread: { ...s.unread, [channelId]: unreadCount } })),
    onTyping: ({ channelId, userId }) =>
      set((s) => ({
        typing: { ...s.typing, [channelId]: [...(s.typing[channelId] ?? []).filter((t) => t.userId !== userId), { userId, at: Date.now() }] },
      })),
  };
});

registerReset(() => useChat.setState(initial()));
