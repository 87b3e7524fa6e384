import { api } from '@/lib/api-client';
import type { MonthlyRewards } from './types';

export const rewardsApi = {
  monthly: (year: number, month: number, page: number) => api.get<MonthlyRewards>(`/users/me/rewards/${year}/${month}`, { page }),
};
