/** A client's usage (ご利用金額) and its media bills: the server's types (lib/api, generated); yen are integers. */
import type { Body, View } from '@/lib/api/wire';

export type PaymentStatus = View<'PaymentStatus'>;

/** The figures of one bill (a medium's month) or of a sum of bills. */
export type Amounts = View<'BillAmounts'>;

export type NamedRef = View<'NamedRef'>;
export type YearUsage = View<'YearUsage'>;

/** `GET /clients/{id}/payments`: the years with usage, newest first. */
export type UsageOverview = View<'UsageOverview'>;

export type MediaShare = View<'MediaShare'>;
export type MonthUsage = View<'MonthUsage'>;

/** `GET /clients/{id}/payments/{year}`: January to December, each split by medium. */
export type UsageYear = View<'UsageYear'>;

export type MediaMonthUsage = View<'MediaMonthUsage'>;

/** `GET /clients/{id}/payments/{year}/{month}`: every medium of the company. */
export type UsageMonth = View<'UsageMonth'>;

export type UsageTaskLine = View<'UsageTaskLine'>;
export type UsageOptionLine = View<'UsageOptionLine'>;

/** A medium's stored bill for a month (`unbilled` with nothing else when never written). */
export type MediaPayment = View<'MediaPayment'>;

export type PaymentChange = View<'PaymentChange'>;

/** `GET /clients/{id}/media/{mediaId}/payments/{year}/{month}`; `changes` for staff only. */
export type MediaUsage = View<'MediaUsage'>;

/** The body of `PUT /admin/clients/media/{id}/payments`; no `billedAmount`: the month's computed total is billed. */
export type MediaPaymentInput = Body<'MediaPaymentInput'>;

/** What the staff's picker lists: companies (the fields it reads of the client list's rows). */
export type ClientChoice = Pick<View<'ClientSummary'>, 'id' | 'companyName'>;
