/** The creator's own rewards: one month's statement at a time. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { rewardsApi } from './api';
import type { MonthlyRewards } from './types';

/** The spec's failure text for the rewards list. */
export const REWARDS_FAILED = '報酬一覧の取得に失敗しました';

interface RewardsState {
  month: AsyncState<MonthlyRewards | null>;
  fetchMonth: (year: number, month: number, page: number) => Promise<void>;
}

const initial = () => ({ month: initialAsync<MonthlyRewards | null>(null) });

export const useRewards = create<RewardsState>((set) => ({
  ...initial(),
  fetchMonth: async (year, month, page) => {
    await track(set, 'month', () => rewardsApi.monthly(year, month, page), REWARDS_FAILED);
  },
}));

registerReset(() => useRewards.setState(initial()));
