/** The creator's own rewards: a month's statement, a year's, and their downloads. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { saveBlob } from '@/lib/download';
import { registerReset } from '@/lib/reset';
import { rewardsApi } from './api';
import type { AnnualRewards, MonthlyRewards, StatementFormat } from './types';

/** The spec's failure text for the rewards list. */
export const REWARDS_FAILED = '報酬一覧の取得に失敗しました';
/** The spec's failure text for a file download. */
export const DOWNLOAD_FAILED = 'ファイルのダウンロードに失敗しました';

interface RewardsState {
  month: AsyncState<MonthlyRewards | null>;
  year: AsyncState<AnnualRewards | null>;
  download: AsyncState<StatementFormat | null>;
  /** The page of the month on screen, so a live reload asks for the same one. */
  shown: { year: number; month: number; page: number } | null;
  fetchMonth: (year: number, month: number, page: number) => Promise<void>;
  fetchYear: (year: number) => Promise<void>;
  downloadStatement: (format: StatementFormat, year: number, month?: number) => Promise<void>;
  /** A month was confirmed elsewhere: what is on screen of that month (or its year) reloads. */
  confirmed: (year: number, month: number) => void;
}

const initial = () => ({
  month: initialAsync<MonthlyRewards | null>(null),
  year: initialAsync<AnnualRewards | null>(null),
  download: initialAsync<StatementFormat | null>(null),
  shown: null,
});

export const useRewards = create<RewardsState>((set, get) => ({
  ...initial(),
  fetchMonth: async (year, month, page) => {
    set({ shown: { year, month, page } });
    await track(set, 'month', () => rewardsApi.monthly(year, month, page), REWARDS_FAILED);
  },
  fetchYear: async (year) => {
    await track(set, 'year', () => rewardsApi.annual(year), REWARDS_FAILED);
  },
  downloadStatement: async (format, year, month) => {
    await track(
      set,
      'download',
      async () => {
        const file = await rewardsApi.download(format, year, month);
        saveBlob(file.blob, file.fileName ?? `reward-${year}${month ? `-${month}` : ''}.${format}`);
        return format;
      },
      DOWNLOAD_FAILED,
    );
  },
  confirmed: (year, month) => {
    const { shown, year: annual } = get();
    if (shown && shown.year === year && shown.month === month) void get().fetchMonth(year, month, shown.page);
    if (annual.data?.year === year) void get().fetchYear(year);
  },
}));

registerReset(() => useRewards.setState(initial()));
