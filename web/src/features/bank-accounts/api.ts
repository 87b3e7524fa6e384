import { api } from '@/lib/api-client';
import type { Bank, BankAccountDetail, BankAccountInput, BankBranch } from './types';

export const bankAccountsApi = {
  /** The caller's account; a 404 (none yet) is the form's to handle, not the banner's. */
  mine: () => api.get<BankAccountDetail>('/users/me/bank_accounts', undefined, { quietRefusal: true }),
  create: (input: BankAccountInput) => api.post<BankAccountDetail>('/users/me/bank_accounts', input),
  update: (input: BankAccountInput) => api.put<BankAccountDetail>('/users/me/bank_accounts', input),
  banks: (keyword: string) => (keyword ? api.get<Bank[]>('/banks', { keyword }) : api.get<Bank[]>('/banks/often_used')),
  branches: (bankId: number, keyword: string) => api.get<BankBranch[]>(`/banks/${bankId}/branches`, { keyword }),
};
