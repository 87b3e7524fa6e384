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

/** The figures every statement states, in yen. */
export interface RewardFigures {
  subtotalRewardAmount: number;
  consumptionTax: number;
  withholdingTax: number;
  usageFee: number;
  totalRewardAmount: number;
}

/** `GET /users/{id}/rewards/{year}/{month}`; rates are exact decimal strings ("10", "10.21"). */
export interface MonthlyRewards extends Paging, RewardFigures {
  baseUrl: string;
  year: number;
  month: number;
  consumptionTaxRatePercent: string;
  reducedWithholdingRatePercent: string | null;
  isConfirmed: boolean;
  confirmedAt: string | null;
  rewards: RewardLine[];
}

/** One month of the year's statement. */
export interface MonthSummary extends RewardFigures {
  month: number;
  taskCount: number;
  isConfirmed: boolean;
}

/** `GET /users/{id}/rewards/{year}`: the twelve months and the year's sums. */
export interface AnnualRewards extends RewardFigures {
  baseUrl: string;
  year: number;
  rewards: MonthSummary[];
  years: number[];
}

export type StatementFormat = 'xlsx' | 'pdf';
