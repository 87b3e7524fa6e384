import type { Paging } from '@/lib/paging';

/** A confirmed month (`POST/GET /reward_confirmations`). */
export interface RewardConfirmation {
  id: number;
  year: number;
  month: number;
  confirmedAt: string;
  confirmedBy: number | null;
  confirmedByName: string | null;
  /** Creators paid for the month. */
  statementCount: number;
  /** Σ what reaches the creators' banks, in yen. */
  totalRewardAmount: number;
}

export interface RewardConfirmationList extends Paging {
  rewardConfirmations: RewardConfirmation[];
  /** The newest month that has ended. */
  latestConfirmable: { year: number; month: number };
}

/** `GET /admin/reward_settings`: rates as exact decimal strings ("10", "10.21"). */
export interface RewardSettings {
  consumptionTaxRatePercent: string;
  usageFeePercent: string;
  reducedWithholdingRates: { userId: number; userName: string; ratePercent: string }[];
}

/** A delivery received in the month and not inspected yet (`GET /reward_confirmations/awaiting_inspection`). */
export interface AwaitingTask {
  taskId: number;
  title: string;
  projectId: number;
  projectName: string;
  clientName: string;
  receivedOn: string;
}

export interface AwaitingInspection {
  year: number;
  month: number;
  total: number;
  /** The oldest first, at most 50. */
  tasks: AwaitingTask[];
}
