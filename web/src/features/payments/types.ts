import type { Paging } from '@/lib/paging';

/** The month a tab shows; `isConfirmed` once staff have closed it (figures then stored). */
export interface MonthState {
  year: number;
  month: number;
  isConfirmed: boolean;
  confirmedAt: string | null;
  /** The transfer date (yyyy-mm-dd): the last bank business day of the following month. */
  paymentDate: string;
}

export interface CompletedTaskPayment {
  taskId: number;
  title: string;
  taskType: string;
  completedDate: string | null;
  rewardAmount: number;
  creator: { id: number; userName: string };
  mediaId: number;
  mediaName: string;
  projectName: string;
  workName: string;
  isConfirmed: boolean;
  /** The day the latest deliverable was received; null for work done off the platform. */
  receivedOn: string | null;
  /** The payment date its purchase order states (end of the month after receipt). */
  paymentDueDate: string | null;
  /** This month's transfer comes after that date (accepted after its month was confirmed). */
  isPaidLate: boolean;
}

/** `GET /payments/completed_tasks`. */
export interface CompletedTaskPayments extends Paging, MonthState {
  tasks: CompletedTaskPayment[];
}

export interface Amounts {
  subtotalRewardAmount: number;
  consumptionTax: number;
  withholdingTax: number;
  usageFee: number;
  totalRewardAmount: number;
}

export interface UserPayment extends Amounts {
  userId: number;
  userName: string;
  payeeName: string;
  accountType: 'personal' | 'corporate' | string;
  taskCount: number;
  hasBankAccount: boolean;
  isConfirmed: boolean;
}

/** `GET /payments/users`: the page of creators and the month's sums over all of them. */
export interface UserPayments extends Paging, MonthState {
  sums: Amounts & { userCount: number; withoutBankAccountCount: number };
  users: UserPayment[];
}

export interface PayeeAccount {
  userId: number;
  userName: string;
  name: string;
  nameKana: string;
  bankAccount: {
    bankCode: string;
    bankName: string;
    branchCode: string;
    branchName: string;
    depositType: string;
    number: string;
    holderKana: string;
  } | null;
  invoiceRegistrationNumber: string | null;
  paysFrom: string | null;
}

/** `GET /payments/bank_accounts`. */
export interface PayeeAccounts extends Paging {
  accounts: PayeeAccount[];
}

/** A confirmed month on the downloads page. */
export interface DownloadMonth {
  year: number;
  month: number;
  confirmedAt: string;
  statementCount: number;
  totalRewardAmount: number;
  transferCount: number;
  transferTotal: number;
  withoutBankAccountCount: number;
  paymentDate: string;
}

export type DownloadKind = 'transfer_file' | 'statements';

/** The tabs of /payments (spec: payment admin tabs). */
export type PaymentTab = 'completed_task_payments' | 'payment_for_users' | 'bank_accounts';

/** What a month tab needs to move between months. */
export interface MonthLinks {
  year: number;
  month: number;
  hrefFor: (year: number, month: number) => string;
  onPick: (year: number, month: number) => void;
}
