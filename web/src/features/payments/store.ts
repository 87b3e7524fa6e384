/** The accountant's payments: one month of each tab at a time, the creators' accounts, and a confirmed month's downloads. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { saveBlob } from '@/lib/download';
import { registerReset } from '@/lib/reset';
import { paymentsApi } from './api';
import type { CompletedTaskPayments, DownloadKind, DownloadMonth, PayeeAccounts, UserPayments } from './types';

export const PAYMENTS_FAILED = '支払い情報の取得に失敗しました';
export const ACCOUNTS_FAILED = '口座情報の取得に失敗しました';
export const MONTHS_FAILED = '確定済みの月の取得に失敗しました';
/** The spec's failure text for a file download. */
export const DOWNLOAD_FAILED = 'ファイルのダウンロードに失敗しました';

/** The file name when the server suggests none. */
const FALLBACK_NAME: Record<DownloadKind, (year: number, month: number) => string> = {
  transfer_file: (year, month) => `zengin-transfer-${year}-${String(month).padStart(2, '0')}.txt`,
  statements: (year, month) => `reward-statements-${year}-${String(month).padStart(2, '0')}.xlsx`,
};

interface PaymentsState {
  completedTasks: AsyncState<CompletedTaskPayments | null>;
  users: AsyncState<UserPayments | null>;
  accounts: AsyncState<PayeeAccounts | null>;
  months: AsyncState<DownloadMonth[] | null>;
  /** The file last asked for: loading while it is on its way, error when it failed. */
  download: AsyncState<DownloadKind | null>;
  fetchCompletedTasks: (year: number, month: number, page: number) => Promise<void>;
  fetchUsers: (year: number, month: number, page: number) => Promise<void>;
  fetchAccounts: (words: string, page: number) => Promise<void>;
  fetchMonths: () => Promise<void>;
  downloadFile: (kind: DownloadKind, year: number, month: number) => Promise<boolean>;
}

const initial = () => ({
  completedTasks: initialAsync<CompletedTaskPayments | null>(null),
  users: initialAsync<UserPayments | null>(null),
  accounts: initialAsync<PayeeAccounts | null>(null),
  months: initialAsync<DownloadMonth[] | null>(null),
  download: initialAsync<DownloadKind | null>(null),
});

export const usePayments = create<PaymentsState>((set) => ({
  ...initial(),
  fetchCompletedTasks: async (year, month, page) => {
    await track(set, 'completedTasks', () => paymentsApi.completedTasks(year, month, page), PAYMENTS_FAILED);
  },
  fetchUsers: async (year, month, page) => {
    await track(set, 'users', () => paymentsApi.users(year, month, page), PAYMENTS_FAILED);
  },
  fetchAccounts: async (words, page) => {
    await track(set, 'accounts', () => paymentsApi.bankAccounts(words, page), ACCOUNTS_FAILED);
  },
  fetchMonths: async () => {
    await track(set, 'months', async () => (await paymentsApi.downloadMonths()).months, MONTHS_FAILED);
  },
  downloadFile: async (kind, year, month) => {
    // The slice names the file being fetched (and, after a failure, the one that failed).
    set((state) => ({ download: { ...state.download, data: kind } }));
    const saved = await track(
      set,
      'download',
      async () => {
        const file = await paymentsApi.download(kind, year, month);
        saveBlob(file.blob, file.fileName ?? FALLBACK_NAME[kind](year, month));
        return kind;
      },
      DOWNLOAD_FAILED,
    );
    return saved !== null;
  },
}));

registerReset(() => usePayments.setState(initial()));
