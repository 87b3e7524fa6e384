/** The client companies: the header's important counts (kept live by `task.updated`), the staff's list, one company and its accounts. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { clientsApi } from './api';
import type { ClientAccounts, ClientDetail, ClientList, ImportantCounts, NamedRef } from './types';

const empty: ImportantCounts = { applyingTaskCount: 0, underAcceptanceTaskCount: 0, unansweredAssessmentsCount: 0 };

export interface ClientFormOptions {
  plans: NamedRef[];
  prefectures: NamedRef[];
}

interface ClientState {
  counts: AsyncState<ImportantCounts>;
  list: AsyncState<ClientList | null>;
  detail: AsyncState<ClientDetail | null>;
  accounts: AsyncState<ClientAccounts | null>;
  options: AsyncState<ClientFormOptions | null>;
  fetchCounts: (clientId: number) => Promise<void>;
  fetchList: (words: string, page: number) => Promise<void>;
  fetchDetail: (id: number) => Promise<void>;
  fetchAccounts: (id: number) => Promise<void>;
  fetchOptions: () => Promise<void>;
}

const initial = () => ({
  counts: initialAsync(empty),
  list: initialAsync<ClientList | null>(null),
  detail: initialAsync<ClientDetail | null>(null),
  accounts: initialAsync<ClientAccounts | null>(null),
  options: initialAsync<ClientFormOptions | null>(null),
});

/** The newest list request wins when an older one answers late. */
let listTicket = 0;

export const useClient = create<ClientState>((set, get) => ({
  ...initial(),
  fetchCounts: async (clientId) => {
    await track(set, 'counts', () => clientsApi.importantCounts(clientId), '重要なお知らせの件数取得に失敗しました');
  },
  fetchList: async (words, page) => {
    const ticket = ++listTicket;
    await track<ClientState, 'list', ClientList>(
      (update) => {
        if (ticket === listTicket) set(update);
      },
      'list',
      () => clientsApi.list(words, page),
      'クライアント一覧の取得に失敗しました',
    );
  },
  fetchDetail: async (id) => {
    await track(set, 'detail', () => clientsApi.detail(id), 'クライアント情報の取得に失敗しました');
  },
  fetchAccounts: async (id) => {
    await track(set, 'accounts', () => clientsApi.accounts(id), 'アカウント一覧の取得に失敗しました');
  },
  fetchOptions: async () => {
    if (get().options.data) return;
    await track(
      set,
      'options',
      async () => {
        const [{ plans }, prefectures] = await Promise.all([clientsApi.plans(), clientsApi.prefectures()]);
        return { plans, prefectures };
      },
      '選択肢の取得に失敗しました',
    );
  },
}));

registerReset(() => useClient.setState(initial()));
