/** Chat state: teams, channels, message history per channel, pins, members and unread counts, all kept live. */
import { create } from 'zustand';
import { settle } from '@/lib/api-client';
import { type AsyncState, done, failed, initialAsync, started, track } from '@/lib/async-state';
import type { ChannelRead, ReactionSummary } from '@/lib/events';
import { NotFoundError } from '@/lib/errors';
import { usePresence } from '@/lib/presence';
import { registerReset } from '@/lib/reset';
import { chatApi } from './api';
import type { Channel, GroupedTeams, Member, Message, Reaction, SearchHit, Team } from './types';

export interface History extends AsyncState<Message[]> {
  /** Highest page loaded (0 is the newest). */
  page: number;
  hasMore: boolean;
  unreadMessageId: number | null;
  /** The unread messages when the channel opened: how many, and the newest message then (the jump button counts down from it). */
  unreadCount: number;
  unreadUpToId: number | null;
}

/** Stable empty lists for selectors (a fresh `[]` per call would re-render forever). */
export const NO_MEMBERS: Member[] = [];
export const NO_MESSAGES: Message[] = [];

const emptyHistory = (): History => ({ ...initialAsync<Message[]>([]), page: -1, hasMore: true, unreadMessageId: null, unreadCount: 0, unreadUpToId: null });
const emptyTeams = (): GroupedTeams => ({ favorite: [], assigned: [], other: [] });

/**
 * How far before the newest message held a catch-up looks again: a message numbered before it may
 * have been committed, or pushed through another node, after it (`docs/decisions/catch-up-overlap.md`).
 */
export const CATCH_UP_OVERLAP_MS = 5000;

/**
 * Where a catch-up starts: after the newest message created `CATCH_UP_OVERLAP_MS` before the
 * newest held, or, when events from `since` on may be missing (a resync), before then if that is
 * earlier (the oldest held if none was). What comes back twice is merged by id.
 */
export function catchUpAfter(messages: Message[], since?: string): number | undefined {
  const newest = messages.at(-1);
  if (newest === undefined) return undefined;
  const limit = Math.min(Date.parse(newest.createdAt) - CATCH_UP_OVERLAP_MS, since === undefined ? Infinity : Date.parse(since));
  const before = messages.filter((m) => Date.parse(m.createdAt) < limit).at(-1);
  return (before ?? messages[0]).id;
}

/** Requests a route started before its page rendered (`prefetchChannel`), by what they ask for, with when. */
const prefetched = new Map<string, number>();
/** How long a prefetched answer stands in for the page's own request. */
const PREFETCH_FRESH_MS = 5000;

/**
 * The channel and its newest messages, asked for as soon as the route matches (while the page's
 * code and the session are still loading): the page then draws them in its first render.
 */
export function prefetchChannel(channelId: number, page: number, aroundId?: number): void {
  const chat = useChat.getState();
  prefetched.set(`channel:${channelId}`, Date.now());
  void chat.openChannel(channelId);
  if (aroundId) {
    prefetched.set(`around:${channelId}:${aroundId}`, Date.now());
    void chat.fetchAround(channelId, aroundId);
    return;
  }
  prefetched.set(`history:${channelId}:${page}`, Date.now());
  void chat.fetchHistory(channelId, page);
}

/** Search results as loaded so far: the words asked for and the pages of hits, newest first. */
export interface SearchState extends AsyncState<SearchHit[]> {
  keyword: string;
  page: number;
  lastPage: number;
  total: number;
}

const emptySearch = (): SearchState => ({ ...initialAsync<SearchHit[]>([]), keyword: '', page: 0, lastPage: 0, total: 0 });

/** Hits grouped by channel, in the order their newest hit comes (hits are newest first). */
export function groupByChannel(hits: SearchHit[]): { channel: SearchHit['channel']; team: SearchHit['team']; hits: SearchHit[] }[] {
  const groups = new Map<number, { channel: SearchHit['channel']; team: SearchHit['team']; hits: SearchHit[] }>();
  for (const hit of hits) {
    const group = groups.get(hit.channel.id) ?? { channel: hit.channel, team: hit.team, hits: [] };
    group.hits.push(hit);
    groups.set(hit.channel.id, group);
  }
  return [...groups.values()];
}

/** Whether `key` was prefetched just now (then the page does not ask again); each prefetch is taken once. */
export function takePrefetched(key: string): boolean {
  const at = prefetched.get(key);
  prefetched.delete(key);
  return at !== undefined && Date.now() - at < PREFETCH_FRESH_MS;
}

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
  /** One channel as its page opened it: the data, or the refusal (403/404) the page shows instead. */
  channelInfo: Record<number, AsyncState<Channel | null>>;
  /** The team of each channel the user may read, so team badges add up their channels live. */
  channelTeams: Record<number, number>;
  histories: Record<number, History>;
  pins: Record<number, Message[]>;
  members: Record<number, Member[]>;
  unread: Record<number, number>;
  /**
   * Others' messages counted into `unread` by push since the server last counted, by channel:
   * a count taken meanwhile adds those newer than its newest message, so none is lost or counted twice.
   */
  unreadPushed: Record<number, number[]>;
  reactions: Reaction[];
  /** The channel on screen; its new messages are read, not counted. */
  viewing: number | null;
  /** Who is typing in each channel, and when their latest `typing` came (shown for TYPING_SHOWN_MS). */
  typing: Record<number, { userId: number; at: number }[]>;
  search: SearchState;
  /** Threads opened, by parent message id: their replies, oldest first. */
  threads: Record<number, AsyncState<Message[]>>;
  /** Parents of threads opened whose message is not in the loaded history (a notice of a reply), by id. */
  threadParents: Record<number, Message>;

  fetchTeams: () => Promise<void>;
  fetchLeaderTeams: () => Promise<void>;
  toggleFavorite: (teamId: number, isFavorite: boolean) => Promise<void>;
  fetchChannels: (teamId: number) => Promise<void>;
  /** Loads the channel before its page shows anything; false when refused or missing. */
  openChannel: (channelId: number) => Promise<boolean>;
  /** Every readable channel's unread count; resolves with their ids (empty when the call failed). */
  fetchUnread: () => Promise<number[]>;
  fetchHistory: (channelId: number, page: number) => Promise<void>;
  /** Replaces the channel's history with the page holding `messageId` and the newer page next to it. */
  fetchAround: (channelId: number, messageId: number) => Promise<void>;
  /** Page 1 of a new search, or the next page of the current one (`more`). */
  searchMessages: (keyword: string, more?: boolean) => Promise<void>;
  clearSearch: () => void;
  fetchReplies: (channelId: number, parentId: number) => Promise<void>;
  /**
   * The thread `messageId` belongs to (its own, for a top-level message): the parent's id, with
   * the parent kept in `threadParents` when the loaded history does not hold it; null when the
   * message cannot be read.
   */
  threadOf: (channelId: number, messageId: number) => Promise<number | null>;
  /** Fetches every message after `catchUpAfter(…, since)`, page by page, merged by id. */
  catchUp: (channelId: number, since?: string) => Promise<void>;
  fetchPins: (channelId: number) => Promise<void>;
  fetchMembers: (channelId: number) => Promise<void>;
  fetchReactions: () => Promise<void>;
  /** The channel's members' states now (the changes then come as `presence.updated`). */
  fetchPresence: (channelId: number) => Promise<void>;
  markRead: (channelId: number, messageId: number) => Promise<void>;
  deleteMessage: (channelId: number, messageId: number) => Promise<void>;
  setViewing: (channelId: number | null) => void;

  onCreated: (message: Message, ownUserId: number | undefined) => void;
  onUpdated: (message: Message) => void;
  onDeleted: (event: { id: number; channelId: number }) => void;
  onReactions: (event: { channelId: number; messageId: number; reactions: ReactionSummary[] }) => void;
  onPinAdded: (event: { channelId: number; message: Message }) => void;
  onPinRemoved: (event: { channelId: number; messageId: number }) => void;
  onRead: (event: ChannelRead) => void;
  onTyping: (event: { channelId: number; userId: number }) => void;
}

const initial = () => ({
  teams: initialAsync(emptyTeams()),
  leaderTeams: initialAsync(emptyTeams()),
  channels: {},
  channelInfo: {},
  channelTeams: {},
  histories: {},
  pins: {},
  members: {},
  unread: {},
  unreadPushed: {},
  reactions: [],
  viewing: null,
  typing: {},
  search: emptySearch(),
  threads: {},
  threadParents: {},
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

  /** A read position moved (here or in another tab): the count and the channel's position follow. */
  const applyRead = ({ channelId, lastReadMessageId, unreadCount }: ChannelRead) =>
    set((s) => {
      const info = s.channelInfo[channelId];
      return {
        unread: { ...s.unread, [channelId]: unreadCount },
        unreadPushed: { ...s.unreadPushed, [channelId]: [] },
        channelInfo:
          info?.data && lastReadMessageId > info.data.lastReadMessageId
            ? { ...s.channelInfo, [channelId]: { ...info, data: { ...info.data, lastReadMessageId } } }
            : s.channelInfo,
      };
    });
  /** A reply joins its thread, if that thread is open (its parent's count comes with `message.updated`). */
  const addReply = (reply: Message) =>
    set((s) => {
      const thread = s.threads[reply.parentId!];
      return thread ? { threads: { ...s.threads, [reply.parentId!]: { ...thread, data: mergeMessages(thread.data, [reply]) } } } : s;
    });
  // Failures of the calls below are already in the banner (the API client reports them); they
  // must not also surface as unhandled rejections.
  const quietly = (operation: () => Promise<unknown>) => settle(operation());

  return {
    ...initial(),
    fetchTeams: async () => {
      await track(set, 'teams', chatApi.teams, 'チームの取得に失敗しました');
    },
    fetchLeaderTeams: async () => {
      await track(set, 'leaderTeams', chatApi.leaderTeams, 'チームの取得に失敗しました');
    },
    toggleFavorite: (teamId, isFavorite) =>
      quietly(async () => {
        await chatApi.favorite(teamId, isFavorite);
        await get().fetchTeams();
      }),
    fetchChannels: async (teamId) => {
      set((s) => ({ channels: { ...s.channels, [teamId]: started(s.channels[teamId] ?? initialAsync<Channel[]>([])) } }));
      try {
        const list = await chatApi.channels(teamId);
        set((s) => ({
          channels: { ...s.channels, [teamId]: done(s.channels[teamId], list) },
          unread: { ...s.unread, ...Object.fromEntries(list.map((c) => [c.id, c.unreadCount])) },
          channelTeams: { ...s.channelTeams, ...Object.fromEntries(list.map((c) => [c.id, c.teamId])) },
        }));
      } catch (error) {
        set((s) => ({ channels: { ...s.channels, [teamId]: failed(s.channels[teamId], error, 'チャンネルの取得に失敗しました') } }));
      }
    },
    openChannel: async (channelId) => {
      set((s) => ({ channelInfo: { ...s.channelInfo, [channelId]: started(s.channelInfo[channelId] ?? initialAsync<Channel | null>(null)) } }));
      try {
        const channel = await chatApi.channel(channelId);
        set((s) => ({
          channelInfo: { ...s.channelInfo, [channelId]: done(s.channelInfo[channelId], channel) },
          unread: { ...s.unread, [channelId]: channel.unreadCount },
          channelTeams: { ...s.channelTeams, [channelId]: channel.teamId },
        }));
        return true;
      } catch (error) {
        set((s) => ({
          channelInfo: { ...s.channelInfo, [channelId]: { ...failed(s.channelInfo[channelId], error, 'チャンネルの取得に失敗しました'), data: null } },
        }));
        return false;
      }
    },
    fetchUnread: async () => {
      try {
        const summary = await chatApi.unread();
        set((s) => {
          const after = (c: (typeof summary.channels)[number]) =>
            (s.unreadPushed[c.channelId] ?? []).filter((id) => id > (c.newestMessageId ?? 0));
          return {
            unread: Object.fromEntries(summary.channels.map((c) => [c.channelId, c.unreadCount + after(c).length])),
            unreadPushed: Object.fromEntries(summary.channels.map((c) => [c.channelId, after(c)])),
              channelTeams: { ...s.channelTeams, ...Object.fromEntries(summary.channels.map((c) => [c.channelId, c.teamId])) },
          };
        });
        return summary.channels.map((c) => c.channelId);
      } catch {
        return [];
      }
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
          unreadCount: page === 0 ? answer.unreadCount : h.unreadCount,
          unreadUpToId: page === 0 ? (answer.messages.at(-1)?.id ?? null) : h.unreadUpToId,
        }));
      } catch (error) {
        patchHistory(channelId, (h) => failed(h, error, 'メッセージの取得に失敗しました'));
      }
    },
    fetchAround: async (channelId, messageId) => {
      patchHistory(channelId, (h) => started({ ...h, data: [] }));
      try {
        const answer = await chatApi.messagesAround(channelId, messageId);
        // The newer page too, so a hit near the page's end still has what followed it.
        const newer = answer.currentPage > 0 ? (await chatApi.messages(channelId, answer.currentPage - 1)).messages : [];
        patchHistory(channelId, (h) => ({
          ...done(h, mergeMessages(answer.messages, newer)),
          page: answer.currentPage,
          hasMore: answer.hasMore,
          unreadMessageId: null,
          unreadCount: 0,
          unreadUpToId: null,
        }));
      } catch (error) {
        // The message is gone (deleted since its notice): the channel opens at its newest messages.
        if (error instanceof NotFoundError) return get().fetchHistory(channelId, 0);
        patchHistory(channelId, (h) => failed(h, error, 'メッセージの取得に失敗しました'));
      }
    },
    searchMessages: async (keyword, more = false) => {
      const current = get().search;
      const page = more ? current.page + 1 : 1;
      set({ search: { ...started(more ? current : emptySearch()), keyword, page: more ? current.page : 0, lastPage: current.lastPage, total: current.total } });
      try {
        const answer = await chatApi.search(keyword, page);
        set((s) => ({
          search: {
            ...done(s.search, more ? [...s.search.data, ...answer.messages] : answer.messages),
            keyword,
            page: answer.currentPage,
            lastPage: answer.lastPage,
            total: answer.total,
          },
        }));
      } catch (error) {
        set((s) => ({ search: { ...s.search, ...failed(s.search, error, 'メッセージの検索に失敗しました') } }));
      }
    },
    clearSearch: () => set({ search: emptySearch() }),
    fetchReplies: async (channelId, parentId) => {
      set((s) => ({ threads: { ...s.threads, [parentId]: started(s.threads[parentId] ?? initialAsync<Message[]>([])) } }));
      try {
        const replies = await chatApi.replies(channelId, parentId);
        set((s) => ({ threads: { ...s.threads, [parentId]: done(s.threads[parentId], mergeMessages(s.threads[parentId]?.data ?? [], replies)) } }));
      } catch (error) {
        set((s) => ({ threads: { ...s.threads, [parentId]: failed(s.threads[parentId], error, '返信の取得に失敗しました') } }));
      }
    },
    threadOf: async (channelId, messageId) => {
      const held = (id: number) => get().histories[channelId]?.data.find((m) => m.id === id) ?? get().threadParents[id];
      try {
        const message = held(messageId) ?? (await chatApi.message(channelId, messageId));
        const parentId = message.parentId ?? message.id;
        const parent = held(parentId) ?? (message.parentId === null ? message : await chatApi.message(channelId, parentId));
        if (!get().histories[channelId]?.data.some((m) => m.id === parentId)) set((s) => ({ threadParents: { ...s.threadParents, [parentId]: parent } }));
        return parentId;
      } catch {
        return null;
      }
    },
    catchUp: async (channelId, since) => {
      const held = get().histories[channelId]?.data ?? [];
      const merge = (messages: Message[]) => {
        patchHistory(channelId, (h) => ({ data: mergeMessages(h.data, messages.filter((m) => m.parentId === null)) }));
        messages.filter((m) => m.parentId !== null).forEach(addReply);
      };
      // After a reconnection: the messages after the newest held, and the numbers of those in the
      // look-back before it, of which only the ones not held are fetched. After a resync (pushes
      // from `since` on may be missing): every message from the look-back on.
      let recheck = since === undefined ? catchUpAfter(held) : undefined;
      let after = since === undefined ? held.at(-1)?.id : catchUpAfter(held, since);
      while (after !== undefined) {
        const answer = await chatApi.messagesAfter(channelId, after, recheck);
        merge(answer.messages);
        // Only the first page answers the look-back; a node of the previous release (a rolling upgrade) answers without `earlier`.
        if (recheck !== undefined && Array.isArray(answer.earlier) && answer.earlier.length > 0) {
          const { histories, threads } = get();
          const has = new Set([...(histories[channelId]?.data ?? []), ...Object.values(threads).flatMap((t) => t.data)].map((m) => m.id));
          // A reply matters only to a thread that is open (as a pushed one).
          const missing = answer.earlier.filter((m) => !has.has(m.id) && (m.parentId === null || threads[m.parentId] !== undefined));
          const fetched = await Promise.all(missing.map((m) => chatApi.message(channelId, m.id).catch(() => null)));
          merge(fetched.filter((m): m is Message => m !== null));
        }
        recheck = undefined;
        // The next page follows this one's last message.
        after = answer.hasMore ? answer.messages.at(-1)?.id : undefined;
      }
    },
    fetchPins: (channelId) =>
      quietly(async () => {
        const pins = await chatApi.pins(channelId);
        set((s) => ({ pins: { ...s.pins, [channelId]: pins } }));
      }),
    fetchMembers: (channelId) =>
      quietly(async () => {
        const members = await chatApi.members(channelId);
        set((s) => ({ members: { ...s.members, [channelId]: members } }));
      }),
    fetchPresence: (channelId) =>
      quietly(async () => {
        const presence = await chatApi.presence(channelId);
        // Every member with a sequence: a push newer than this answer is kept (`lib/presence.ts`).
        usePresence.getState().apply(presence);
      }),
    fetchReactions: () =>
      quietly(async () => {
        if (get().reactions.length) return;
        set({ reactions: await chatApi.reactions() });
      }),
    markRead: (channelId, messageId) => quietly(async () => applyRead(await chatApi.read(channelId, messageId))),
    deleteMessage: (channelId, messageId) =>
      quietly(async () => {
        await chatApi.remove(channelId, messageId);
        get().onDeleted({ id: messageId, channelId });
      }),
    setViewing: (channelId) => set({ viewing: channelId }),

    onCreated: (message, ownUserId) => {
      const history = get().histories[message.channelId];
      // A reply joins its thread and does not make the channel unread (its participants get a notice).
      if (message.parentId !== null) {
        addReply(message);
        return;
      }
      if (history && history.page >= 0) patchHistory(message.channelId, (h) => ({ data: mergeMessages(h.data, [message]) }));
      // The message they were typing has arrived.
      if (get().typing[message.channelId]?.some((t) => t.userId === message.user.id)) {
        set((s) => ({ typing: { ...s.typing, [message.channelId]: (s.typing[message.channelId] ?? []).filter((t) => t.userId !== message.user.id) } }));
      }
      const seen = history?.data.some((m) => m.id === message.id);
      const visible = get().viewing === message.channelId && document.visibilityState === 'visible';
      if (!seen && !visible && message.user.id !== ownUserId) {
        set((s) => {
          const pushed = s.unreadPushed[message.channelId] ?? [];
          if (pushed.includes(message.id)) return s;
          return {
            unread: { ...s.unread, [message.channelId]: (s.unread[message.channelId] ?? 0) + 1 },
            unreadPushed: { ...s.unreadPushed, [message.channelId]: [...pushed, message.id] },
          };
        });
      }
    },
    onUpdated: (message) => {
      patchMessage(message.channelId, message.id, () => message);
      if (get().threadParents[message.id]) set((s) => ({ threadParents: { ...s.threadParents, [message.id]: message } }));
      if (message.parentId !== null) {
        set((s) => {
          const thread = s.threads[message.parentId!];
          return thread ? { threads: { ...s.threads, [message.parentId!]: { ...thread, data: thread.data.map((m) => (m.id === message.id ? message : m)) } } } : s;
        });
      }
    },
    onDeleted: ({ id, channelId }) =>
      set((s) => {
        const history = s.histories[channelId];
        return {
          histories: history ? { ...s.histories, [channelId]: { ...history, data: history.data.filter((m) => m.id !== id) } } : s.histories,
          pins: s.pins[channelId] ? { ...s.pins, [channelId]: s.pins[channelId].filter((m) => m.id !== id) } : s.pins,
          threads: Object.fromEntries(Object.entries(s.threads).map(([parent, thread]) => [parent, { ...thread, data: thread.data.filter((m) => m.id !== id) }])),
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
    onRead: applyRead,
    onTyping: ({ channelId, userId }) =>
      set((s) => ({
        typing: { ...s.typing, [channelId]: [...(s.typing[channelId] ?? []).filter((t) => t.userId !== userId), { userId, at: Date.now() }] },
      })),
  };
});

/**
 * A team's unread count, kept live: the sum over its channels as pushes and reads move them,
 * or the server's count from the team list while none of its channels is known yet.
 */
export function teamUnread(state: Pick<ChatState, 'unread' | 'channelTeams'>, team: Pick<Team, 'id' | 'unreadCount'>): number {
  let known = false;
  let sum = 0;
  for (const [channelId, teamId] of Object.entries(state.channelTeams)) {
    if (teamId !== team.id) continue;
    known = true;
    sum += state.unread[Number(channelId)] ?? 0;
  }
  return known ? sum : team.unreadCount;
}

/** Unread messages over every channel the member reads (the browser tab shows it). */
export const totalUnread = (state: Pick<ChatState, 'unread'>): number => Object.values(state.unread).reduce((sum, count) => sum + count, 0);

registerReset(() => useChat.setState(initial()));
