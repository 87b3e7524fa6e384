import { api } from '@/lib/api-client';
import type { CompletedTaskPayments, DownloadKind, DownloadMonth, PayeeAccounts, UserPayments } from './types';

export const paymentsApi = {
  completedTasks: (year: number, month: number, page: number) => api.get<CompletedTaskPayments>('/payments/completed_tasks', { year, month, page }),
  users: (year: number, month: number, page: number) => api.get<UserPayments>('/payments/users', { year, month, page }),
  bankAccounts: (words: string, page: number) => api.get<PayeeAccounts>('/payments/bank_accounts', { words: words || undefined, page }),
  downloadMonths: () => api.get<{ months: DownloadMonth[] }>('/admin/downloads'),
  download: (kind: DownloadKind, year: number, month: number) => api.download(`/admin/downloads/${kind}`, { year, month }),
};
