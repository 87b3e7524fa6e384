import { api } from '@/lib/api-client';
import type { AnnualRewards, MonthlyRewards, StatementFormat } from './types';

export const rewardsApi = {
  monthly: (year: number, month: number, page: number) => api.get<MonthlyRewards>(`/users/me/rewards/${year}/${month}`, { page }),
  annual: (year: number) => api.get<AnnualRewards>(`/users/me/rewards/${year}`),
  /** The statement of a month (`month` given) or a year as a spreadsheet or a PDF. */
  download: (format: StatementFormat, year: number, month?: number) =>
    api.download(month ? `/users/me/rewards/${year}/${month}/files/download` : `/users/me/rewards/${year}/files/download`, { format }),
};
