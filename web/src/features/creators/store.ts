/** The creator search and the creator page's records (detail, attributes, tasks). Notes (memos, NG combinations, tags) live in their editors. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { creatorsApi } from './api';
import type { CreatorFilter } from './filters';
import type { CreatorAttributes, CreatorDetail, CreatorTasks, SearchOptions, SearchResult } from './types';

interface CreatorsState {
  options: AsyncState<SearchOptions | null>;
  results: AsyncState<SearchResult | null>;
  detail: AsyncState<CreatorDetail | null>;
  attributes: AsyncState<CreatorAttributes | null>;
  tasks: AsyncState<CreatorTasks | null>;
  fetchOptions: () => Promise<void>;
  search: (filter: CreatorFilter) => Promise<void>;
  fetchDetail: (id: number) => Promise<void>;
  fetchAttributes: (id: number) => Promise<void>;
  fetchTasks: (id: number, page: number) => Promise<void>;
}

const initial = () => ({
  options: initialAsync<SearchOptions | null>(null),
  results: initialAsync<SearchResult | null>(null),
  detail: initialAsync<CreatorDetail | null>(null),
  attributes: initialAsync<CreatorAttributes | null>(null),
  tasks: initialAsync<CreatorTasks | null>(null),
});

/** The newest search wins when an older one answers late. */
let searchTicket = 0;

export const useCreators = create<CreatorsState>((set, get) => ({
  ...initial(),
  fetchOptions: async () => {
    if (get().options.data) return;
    await track(set, 'options', creatorsApi.searchOptions, '検索条件の取得に失敗しました');
  },
  search: async (filter) => {
    const ticket = ++searchTicket;
    await track<CreatorsState, 'results', SearchResult>(
      (update) => {
        if (ticket === searchTicket) set(update);
      },
      'results',
      () => creatorsApi.search(filter),
      'クリエイターの検索に失敗しました',
    );
  },
  fetchDetail: async (id) => {
    await track(set, 'detail', () => creatorsApi.detail(id), 'クリエイター情報の取得に失敗しました');
  },
  fetchAttributes: async (id) => {
    await track(set, 'attributes', () => creatorsApi.attributes(id), 'クリエイター属性の取得に失敗しました');
  },
  fetchTasks: async (id, page) => {
    await track(set, 'tasks', () => creatorsApi.tasks(id, page), 'タスク一覧の取得に失敗しました');
  },
}));

registerReset(() => useCreators.setState(initial()));
