/** Information posts: the paged list, the unseen posts of the latest-notices dialog, and staff's writes. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { informationApi } from './api';
import type { InformationInput, InformationItem, InformationList } from './types';

export const LIST_FAILED = 'お知らせ一覧の取得に失敗しました';
export const LATEST_FAILED = '最新のお知らせの取得に失敗しました';
export const SEEN_FAILED = 'お知らせの既読登録に失敗しました';
export const CREATE_FAILED = 'お知らせの登録に失敗しました';
export const DELETE_FAILED = 'お知らせの削除に失敗しました';

interface InformationState {
  list: AsyncState<InformationList | null>;
  /** What the list shows: its page and whether scheduled posts are included (staff). */
  query: { page: number; includeScheduled: boolean };
  /** The caller's unseen posts, newest first: what the latest-notices dialog lists. */
  latest: AsyncState<InformationItem[]>;
  seen: AsyncState<unknown>;
  create: AsyncState<InformationItem | null>;
  remove: AsyncState<number | null>;
  fetchList: (page: number, includeScheduled: boolean) => Promise<void>;
  fetchLatest: () => Promise<void>;
  /** The dialog was closed: everything so far is seen; the dialog empties at once. */
  markSeen: () => Promise<boolean>;
  createPost: (input: InformationInput) => Promise<InformationItem | null>;
  removePost: (id: number) => Promise<boolean>;
  /** `information.published` for this user: the dialog gets the post, an open list reloads. */
  received: (item: InformationItem) => void;
}

const initial = () => ({
  list: initialAsync<InformationList | null>(null),
  query: { page: 1, includeScheduled: false },
  latest: initialAsync<InformationItem[]>([]),
  seen: initialAsync<unknown>(null),
  create: initialAsync<InformationItem | null>(null),
  remove: initialAsync<number | null>(null),
});

/** Newest start first; a post already listed is not listed twice. */
function merged(known: InformationItem[], incoming: InformationItem[]): InformationItem[] {
  const byId = new Map<number, InformationItem>();
  for (const item of [...incoming, ...known]) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => b.scheduledStartDate.localeCompare(a.scheduledStartDate) || b.id - a.id);
}

export const useInformation = create<InformationState>((set, get) => ({
  ...initial(),
  fetchList: async (page, includeScheduled) => {
    set({ query: { page, includeScheduled } });
    await track(set, 'list', () => informationApi.list(page, includeScheduled), LIST_FAILED);
  },
  fetchLatest: async () => {
    // What arrived live while the request was on its way stays listed.
    await track(set, 'latest', () => informationApi.latest(), LATEST_FAILED, (state, data) => ({
      latest: { data: merged(state.latest.data, data), loading: false, error: null },
    }));
  },
  markSeen: async () => {
    set((s) => ({ latest: { ...s.latest, data: [] } }));
    const answer = await track(set, 'seen', () => informationApi.seen().then(() => true), SEEN_FAILED);
    return answer === true;
  },
  createPost: async (input) => {
    const created = await track(set, 'create', () => informationApi.create(input), CREATE_FAILED);
    if (created) set({ list: initialAsync(null) });
    return created;
  },
  removePost: async (id) => {
    const removed = await track(set, 'remove', () => informationApi.remove(id).then(() => id), DELETE_FAILED);
    if (removed === null) return false;
    const { page, includeScheduled } = get().query;
    await get().fetchList(page, includeScheduled);
    return true;
  },
  received: (item) => {
    set((s) => ({ latest: { ...s.latest, data: merged(s.latest.data, [item]) } }));
    const { list, query } = get();
    if (list.data) void get().fetchList(query.page, query.includeScheduled);
  },
}));

registerReset(() => useInformation.setState(initial()));
