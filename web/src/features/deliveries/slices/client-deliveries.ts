/** The client's deliveries, newest first; pages append, a refresh starts over. */
import type { StateCreator } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { mergePage } from '@/lib/paging';
import { deliveriesApi } from '../api';
import type { DeliveriesState } from '../store';
import type { ClientDelivery } from '../types';

export interface ClientDeliveriesSlice {
  list: AsyncState<ClientDelivery[]>;
  page: number;
  lastPage: number;
  fetchPage: (clientId: number, page: number) => Promise<void>;
  /** A new delivery arrived: the first page again, merged into what is loaded. */
  refresh: (clientId: number) => Promise<void>;
}

const newestFirst = (a: ClientDelivery, b: ClientDelivery) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1);
export const clientDeliveriesInitial = () => ({ list: initialAsync<ClientDelivery[]>([]), page: 0, lastPage: 1 });

export const createClientDeliveriesSlice: StateCreator<DeliveriesState, [], [], ClientDeliveriesSlice> = (set, get) => ({
  ...clientDeliveriesInitial(),
  fetchPage: async (clientId, page) => {
    await track(
      set,
      'list',
      async () => {
        const answer = await deliveriesApi.forClient(clientId, page);
        set({ page: answer.currentPage, lastPage: answer.lastPage });
        return mergePage(get().list.data, answer.deliveries, page).sort(newestFirst);
      },
      '納品一覧の取得に失敗しました',
    );
  },
  refresh: async (clientId) => {
    await track(
      set,
      'list',
      async () => {
        const answer = await deliveriesApi.forClient(clientId, 1);
        const fresh = new Map(answer.deliveries.map((d) => [d.id, d]));
        const kept = get().list.data.filter((d) => !fresh.has(d.id));
        return [...answer.deliveries, ...kept].sort(newestFirst);
      },
      '納品一覧の取得に失敗しました',
    );
  },
});
