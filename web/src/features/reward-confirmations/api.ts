import { api } from '@/lib/api-client';
import type { AwaitingInspection, RewardConfirmation, RewardConfirmationList, RewardSettings } from './types';

export const rewardConfirmationsApi = {
  list: (page: number) => api.get<RewardConfirmationList>('/reward_confirmations', { page }),
  awaitingInspection: (year: number, month: number) => api.get<AwaitingInspection>('/reward_confirmations/awaiting_inspection', { year, month }),
  confirm: (year: number, month: number) => api.post<RewardConfirmation>('/reward_confirmations', { year, month }),
  settings: () => api.get<RewardSettings>('/admin/reward_settings'),
  saveRates: (consumptionTaxRatePercent: string, usageFeePercent: string) =>
    api.put<RewardSettings>('/admin/reward_settings', { consumptionTaxRatePercent, usageFeePercent }),
  setReducedRate: (userId: number, ratePercent: string | null) => api.put<RewardSettings>(`/admin/users/${userId}/reduced_withholding_rate`, { ratePercent }),
};
