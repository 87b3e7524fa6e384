/** Staff's monthly reward confirmation: the confirmed months and confirming one. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { rewardConfirmationsApi } from './api';
import type { AwaitingInspection, RewardConfirmation, RewardConfirmationList, RewardSettings } from './types';

/** The spec's failure text for confirming a month. */
export const CONFIRM_FAILED = '月次報酬確定に失敗しました';
export const LIST_FAILED = '報酬確定履歴の取得に失敗しました';
export const AWAITING_FAILED = '検収待ちの納品の取得に失敗しました';
export const SETTINGS_FAILED = '報酬設定の取得に失敗しました';
export const SAVE_FAILED = '報酬設定の更新に失敗しました';

interface RewardConfirmationsState {
  list: AsyncState<RewardConfirmationList | null>;
  confirm: AsyncState<RewardConfirmation | null>;
  /** The chosen month's deliveries still awaiting inspection. */
  awaiting: AsyncState<AwaitingInspection | null>;
  page: number;
  settings: AsyncState<RewardSettings | null>;
  save: AsyncState<RewardSettings | null>;
  fetchSettings: () => Promise<void>;
  saveRates: (consumptionTaxRatePercent: string, usageFeePercent: string) => Promise<boolean>;
  setReducedRate: (userId: number, ratePercent: string | null) => Promise<boolean>;
  fetchList: (page: number) => Promise<void>;
  fetchAwaiting: (year: number, month: number) => Promise<void>;
  confirmMonth: (year: number, month: number) => Promise<RewardConfirmation | null>;
  /** A month was confirmed (here or in another browser): the list reloads if it is open. */
  refresh: () => void;
}

const initial = () => ({
  list: initialAsync<RewardConfirmationList | null>(null),
  confirm: initialAsync<RewardConfirmation | null>(null),
  awaiting: initialAsync<AwaitingInspection | null>(null),
  page: 1,
  settings: initialAsync<RewardSettings | null>(null),
  save: initialAsync<RewardSettings | null>(null),
});

export const useRewardConfirmations = create<RewardConfirmationsState>((set, get) => ({
  ...initial(),
  fetchList: async (page) => {
    set({ page });
    await track(set, 'list', () => rewardConfirmationsApi.list(page), LIST_FAILED);
  },
  fetchAwaiting: async (year, month) => {
    await track(set, 'awaiting', () => rewardConfirmationsApi.awaitingInspection(year, month), AWAITING_FAILED);
  },
  confirmMonth: async (year, month) => {
    const confirmed = await track(set, 'confirm', () => rewardConfirmationsApi.confirm(year, month), CONFIRM_FAILED);
    if (confirmed) await get().fetchList(1);
    return confirmed;
  },
  fetchSettings: async () => {
    await track(set, 'settings', () => rewardConfirmationsApi.settings(), SETTINGS_FAILED);
  },
  saveRates: async (tax, fee) => {
    const saved = await track(set, 'save', () => rewardConfirmationsApi.saveRates(tax, fee), SAVE_FAILED, (_, data) => ({ settings: initialAsync(data) }));
    return saved !== null;
  },
  setReducedRate: async (userId, rate) => {
    const saved = await track(set, 'save', () => rewardConfirmationsApi.setReducedRate(userId, rate), SAVE_FAILED, (_, data) => ({ settings: initialAsync(data) }));
    return saved !== null;
  },
  refresh: () => {
    if (get().list.data) void get().fetchList(get().page);
  },
}));

registerReset(() => useRewardConfirmations.setState(initial()));
