/** A company's usage pages (overview, year, month, one medium's month) and the staff's bill picker. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { clientPaymentsApi } from './api';
import type { ClientChoice, MediaUsage, NamedRef, UsageMonth, UsageOverview, UsageYear } from './types';

/** The spec's kind of failure text for this area (fetch, update). */
export const USAGE_FAILED = 'ご利用金額の取得に失敗しました';
export const PAYMENT_UPDATE_FAILED = '媒体支払いの更新に失敗しました';

interface ClientPaymentsState {
  overview: AsyncState<UsageOverview | null>;
  year: AsyncState<UsageYear | null>;
  month: AsyncState<UsageMonth | null>;
  mediaMonth: AsyncState<MediaUsage | null>;
  /** The staff's picker: companies found, and the chosen company's media. */
  clients: AsyncState<ClientChoice[]>;
  media: AsyncState<NamedRef[]>;
  /** The company whose media are loaded. */
  mediaOf: number | null;
  fetchOverview: (clientId: number) => Promise<void>;
  fetchYear: (clientId: number, year: number) => Promise<void>;
  fetchMonth: (clientId: number, year: number, month: number) => Promise<void>;
  fetchMediaMonth: (clientId: number, mediaId: number, year: number, month: number) => Promise<void>;
  searchClients: (words: string) => Promise<void>;
  fetchMedia: (clientId: number) => Promise<void>;
  /** Fetches again whatever of company `clientId` is loaded (its usage or bills changed). */
  refreshClient: (clientId: number) => void;
}

const initial = () => ({
  overview: initialAsync<UsageOverview | null>(null),
  year: initialAsync<UsageYear | null>(null),
  month: initialAsync<UsageMonth | null>(null),
  mediaMonth: initialAsync<MediaUsage | null>(null),
  clients: initialAsync<ClientChoice[]>([]),
  media: initialAsync<NamedRef[]>([]),
  mediaOf: null as number | null,
});

/** The newest company search wins when an older one answers late. */
let searchTicket = 0;

export const useClientPayments = create<ClientPaymentsState>((set, get) => ({
  ...initial(),
  fetchOverview: async (clientId) => {
    await track(set, 'overview', () => clientPaymentsApi.overview(clientId), USAGE_FAILED);
  },
  fetchYear: async (clientId, year) => {
    await track(set, 'year', () => clientPaymentsApi.year(clientId, year), USAGE_FAILED);
  },
  fetchMonth: async (clientId, year, month) => {
    await track(set, 'month', () => clientPaymentsApi.month(clientId, year, month), USAGE_FAILED);
  },
  fetchMediaMonth: async (clientId, mediaId, year, month) => {
    await track(set, 'mediaMonth', () => clientPaymentsApi.mediaMonth(clientId, mediaId, year, month), USAGE_FAILED);
  },
  searchClients: async (words) => {
    const ticket = ++searchTicket;
    await track<ClientPaymentsState, 'clients', ClientChoice[]>(
      (update) => {
        if (ticket === searchTicket) set(update);
      },
      'clients',
      async () => (await clientPaymentsApi.clients(words)).clients,
      'クライアント一覧の取得に失敗しました',
    );
  },
  fetchMedia: async (clientId) => {
    set({ mediaOf: clientId });
    await track(set, 'media', async () => (await clientPaymentsApi.media(clientId)).media, '媒体一覧の取得に失敗しました');
  },
  refreshClient: (clientId) => {
    const { overview, year, month, mediaMonth } = get();
    if (overview.data?.client.id === clientId) void get().fetchOverview(clientId);
    if (year.data?.client.id === clientId) void get().fetchYear(clientId, year.data.year);
    if (month.data?.client.id === clientId) void get().fetchMonth(clientId, month.data.year, month.data.month);
    const medium = mediaMonth.data;
    if (medium?.client.id === clientId) void get().fetchMediaMonth(clientId, medium.media.id, medium.year, medium.month);
  },
}));

registerReset(() => useClientPayments.setState(initial()));
