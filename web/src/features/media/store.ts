/** Media: the lists (all media, one company's), one medium's detail, information, members and option payments. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { mediaApi } from './api';
import type { ClientMedia, MediaDetail, MediaInformation, MediaList, MediaMembers, OptionPayments } from './types';

interface MediaState {
  list: AsyncState<MediaList | null>;
  ofClient: AsyncState<ClientMedia | null>;
  detail: AsyncState<MediaDetail | null>;
  information: AsyncState<MediaInformation | null>;
  members: AsyncState<MediaMembers | null>;
  optionPayments: AsyncState<OptionPayments | null>;
  /** The medium whose option payments are loaded. */
  optionPaymentsOf: number | null;
  fetchList: (words: string, page: number) => Promise<void>;
  fetchOfClient: (clientId: number) => Promise<void>;
  fetchDetail: (mediaId: number) => Promise<void>;
  fetchInformation: (mediaId: number, leftTeamMembers: boolean) => Promise<void>;
  fetchMembers: (mediaId: number, page: number) => Promise<void>;
  fetchOptionPayments: (mediaId: number) => Promise<void>;
}

const initial = () => ({
  list: initialAsync<MediaList | null>(null),
  ofClient: initialAsync<ClientMedia | null>(null),
  detail: initialAsync<MediaDetail | null>(null),
  information: initialAsync<MediaInformation | null>(null),
  members: initialAsync<MediaMembers | null>(null),
  optionPayments: initialAsync<OptionPayments | null>(null),
  optionPaymentsOf: null as number | null,
});

/** The newest list request wins when an older one answers late. */
let listTicket = 0;

export const useMedia = create<MediaState>((set) => ({
  ...initial(),
  fetchList: async (words, page) => {
    const ticket = ++listTicket;
    await track<MediaState, 'list', MediaList>(
      (update) => {
        if (ticket === listTicket) set(update);
      },
      'list',
      () => mediaApi.list(words, page),
      '媒体一覧の取得に失敗しました',
    );
  },
  fetchOfClient: async (clientId) => {
    await track(set, 'ofClient', () => mediaApi.ofClient(clientId), '媒体一覧の取得に失敗しました');
  },
  fetchDetail: async (mediaId) => {
    await track(set, 'detail', () => mediaApi.detail(mediaId), '媒体情報の取得に失敗しました');
  },
  fetchInformation: async (mediaId, leftTeamMembers) => {
    await track(set, 'information', () => mediaApi.information(mediaId, leftTeamMembers), '媒体インフォメーションの取得に失敗しました');
  },
  fetchMembers: async (mediaId, page) => {
    await track(set, 'members', () => mediaApi.members(mediaId, page), 'メンバー一覧の取得に失敗しました');
  },
  fetchOptionPayments: async (mediaId) => {
    set({ optionPaymentsOf: mediaId });
    await track(set, 'optionPayments', () => mediaApi.optionPayments(mediaId), 'オプション支払いの取得に失敗しました');
  },
}));

registerReset(() => useMedia.setState(initial()));
