/** The payment admin's tabs and downloads: the server's types (lib/api, generated); tabs and links are the screen's. */
import type { View } from '@/lib/api/wire';

/** The month a tab shows; `isConfirmed` once staff have closed it (figures then stored); `paymentDate` (yyyy-mm-dd): the last bank business day of the following month. */
export type MonthState = View<'MonthState'>;

/**
 * `receivedOn`: the day the latest deliverable was received (null for work done off the
 * platform); `paymentDueDate`: the payment date its purchase order states; `isPaidLate`: this
 * month's transfer comes after that date (accepted after its month was confirmed).
 */
export type CompletedTaskPayment = View<'CompletedTaskPayment'>;

/** `GET /payments/completed_tasks`. */
export type CompletedTaskPayments = View<'CompletedTaskPayments'>;

export type Amounts = View<'Amounts'>;
export type UserPayment = View<'UserPayment'>;

/** `GET /payments/users`: the page of creators and the month's sums over all of them. */
export type UserPayments = View<'UserPayments'>;

export type PayeeAccount = View<'PayeeAccount'>;

/** `GET /payments/bank_accounts`. */
export type PayeeAccounts = View<'PayeeAccounts'>;

/** A confirmed month on the downloads page. */
export type DownloadMonth = View<'DownloadMonth'>;

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
