/** The caller's bank account, and the bank and branch searches of its form (the newest search wins). */
import { create } from 'zustand';
import { type AsyncState, done, failed, initialAsync, started, track } from '@/lib/async-state';
import { NotFoundError } from '@/lib/errors';
import { registerReset } from '@/lib/reset';
import { bankAccountsApi } from './api';
import type { Bank, BankAccountDetail, BankAccountInput, BankBranch } from './types';

interface BankAccountsState {
  mine: AsyncState<BankAccountDetail | null>;
  /** Whether `mine` has been asked for (a null account then means none yet). */
  mineLoaded: boolean;
  banks: AsyncState<Bank[]>;
  branches: AsyncState<BankBranch[]>;
  write: AsyncState<unknown>;
  fetchMine: () => Promise<void>;
  searchBanks: (keyword: string) => Promise<void>;
  searchBranches: (bankId: number, keyword: string) => Promise<void>;
  save: (input: BankAccountInput) => Promise<boolean>;
}

const initial = () => ({
  mine: initialAsync<BankAccountDetail | null>(null),
  mineLoaded: false,
  banks: initialAsync<Bank[]>([]),
  branches: initialAsync<BankBranch[]>([]),
  write: initialAsync<unknown>(null),
});

type SearchKey = 'banks' | 'branches';
const tickets: Record<SearchKey, number> = { banks: 0, branches: 0 };

/** Runs a search into `key`; an older search answering late does not replace a newer one. */
async function search<K extends SearchKey>(
  set: (update: (state: BankAccountsState) => Partial<BankAccountsState>) => void,
  key: K,
  operation: () => Promise<BankAccountsState[K]['data']>,
  fallbackMessage: string,
): Promise<void> {
  const ticket = ++tickets[key];
  set((state) => ({ [key]: started(state[key] as AsyncState<unknown>) }));
  try {
    const data = await operation();
    if (ticket === tickets[key]) set((state) => ({ [key]: done(state[key] as AsyncState<unknown>, data) }));
  } catch (error) {
    if (ticket === tickets[key]) set((state) => ({ [key]: failed(state[key] as AsyncState<unknown>, error, fallbackMessage) }));
  }
}

export const useBankAccounts = create<BankAccountsState>((set, get) => ({
  ...initial(),
  fetchMine: async () => {
    await track(
      set,
      'mine',
      async () => {
        try {
          return await bankAccountsApi.mine();
        } catch (error) {
          if (error instanceof NotFoundError) return null;
          throw error;
        }
      },
      '振込先情報の取得に失敗しました',
    );
    set({ mineLoaded: true });
  },
  searchBanks: (keyword) => search(set, 'banks', () => bankAccountsApi.banks(keyword.trim()), '銀行の取得に失敗しました'),
  searchBranches: (bankId, keyword) => search(set, 'branches', () => bankAccountsApi.branches(bankId, keyword.trim()), '支店の取得に失敗しました'),
  save: async (input) => {
    const exists = get().mine.data !== null;
    const saved = await track(
      set,
      'write',
      () => (exists ? bankAccountsApi.update(input) : bankAccountsApi.create(input)),
      exists ? '振込先情報の更新に失敗しました' : '振込先情報の登録に失敗しました',
      (_, detail) => ({ mine: initialAsync(detail) }),
    );
    return saved !== null;
  },
}));

registerReset(() => useBankAccounts.setState(initial()));
