import type { Paging } from '@/lib/paging';

export interface RewardLine {
  taskId: number;
  title: string;
  taskType: string;
  completedDate: string | null;
  rewardAmount: number;
  mediaId: number;
  mediaName: string;
  projectName: string;
  workName: string;
}

/** `GET /users/{id}/rewards/{year}/{month}`; rates are exact decimal strings ("10", "10.21"). */
export interface MonthlyRewards extends Paging {
  baseUrl: string;
  year: number;
  month: number;
  subtotalRewardAmount: number;
  consumptionTax: number;
  consumptionTaxRatePercent: string;
  withholdingTax: number;
  reducedWithholdingRatePercent: string | null;
  usageFee: number;
  totalRewardAmount: number;
  isConfirmed: boolean;
  rewards: RewardLine[];
}
