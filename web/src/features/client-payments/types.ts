/** A client's usage (ご利用金額) and its media bills, as the API answers them (yen are integers). */

export type PaymentStatus = 'unbilled' | 'billed' | 'paid';

/** The figures of one bill (a medium's month) or of a sum of bills. */
export interface Amounts {
  taskAmount: number;
  optionAmount: number;
  subtotalAmount: number;
  consumptionTax: number;
  totalAmount: number;
}

export interface NamedRef {
  id: number;
  name: string;
}

export interface YearUsage extends Amounts {
  year: number;
}

/** `GET /clients/{id}/payments`: the years with usage, newest first. */
export interface UsageOverview extends Amounts {
  client: NamedRef;
  consumptionTaxRatePercent: string;
  years: YearUsage[];
}

export interface MediaShare {
  mediaId: number;
  totalAmount: number;
}

export interface MonthUsage extends Amounts {
  month: number;
  media: MediaShare[];
}

/** `GET /clients/{id}/payments/{year}`: January to December, each split by medium. */
export interface UsageYear extends Amounts {
  client: NamedRef;
  year: number;
  consumptionTaxRatePercent: string;
  media: NamedRef[];
  months: MonthUsage[];
}

export interface MediaMonthUsage extends Amounts {
  id: number;
  name: string;
  taskCount: number;
  optionCount: number;
  status: PaymentStatus;
}

/** `GET /clients/{id}/payments/{year}/{month}`: every medium of the company. */
export interface UsageMonth extends Amounts {
  client: NamedRef;
  year: number;
  month: number;
  consumptionTaxRatePercent: string;
  media: MediaMonthUsage[];
}

export interface UsageTaskLine {
  taskId: number;
  title: string;
  taskType: string;
  projectName: string;
  workName: string;
  creatorNames: string[];
  completedDate: string;
  rewardAmount: number;
}

export interface UsageOptionLine {
  id: number;
  title: string;
  amount: number;
  note: string;
}

/** A medium's stored bill for a month (`unbilled` with nothing else when never written). */
export interface MediaPayment {
  mediaId: number;
  mediaName: string;
  clientId: number;
  year: number;
  month: number;
  status: PaymentStatus;
  billedAmount: number | null;
  invoicedOn: string | null;
  paidOn: string | null;
  note: string;
  updatedByName: string | null;
  updatedAt: string | null;
}

export interface PaymentChange {
  status: PaymentStatus;
  billedAmount: number | null;
  invoicedOn: string | null;
  paidOn: string | null;
  note: string;
  changedByName: string | null;
  changedAt: string;
}

/** `GET /clients/{id}/media/{mediaId}/payments/{year}/{month}`. */
export interface MediaUsage extends Amounts {
  client: NamedRef;
  media: NamedRef;
  year: number;
  month: number;
  consumptionTaxRatePercent: string;
  tasks: UsageTaskLine[];
  optionPayments: UsageOptionLine[];
  payment: MediaPayment;
  /** Staff only. */
  changes?: PaymentChange[];
  canUpdate: boolean;
}

/** The body of `PUT /admin/clients/media/{id}/payments`. */
export interface MediaPaymentInput {
  year: number;
  month: number;
  status: PaymentStatus;
  /** Absent: the month's computed total is billed. */
  billedAmount?: number;
  invoicedOn?: string;
  paidOn?: string;
  note: string;
}

/** What the staff's picker lists: companies and one company's media. */
export interface ClientChoice {
  id: number;
  companyName: string;
}
