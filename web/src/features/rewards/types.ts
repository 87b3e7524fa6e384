/** A creator's reward statements: the server's types (lib/api, generated). */
import type { View } from '@/lib/api/wire';

export type RewardLine = View<'RewardLine'>;

/** The figures every statement states, in yen. */
export type RewardFigures = View<'Amounts'>;

/** `GET /users/{id}/rewards/{year}/{month}`; rates are exact decimal strings ("10", "10.21"). */
export type MonthlyRewards = View<'MonthlyRewards'>;

/** One month of the year's statement. */
export type MonthSummary = View<'MonthSummary'>;

/** `GET /users/{id}/rewards/{year}`: the twelve months and the year's sums. */
export type AnnualRewards = View<'AnnualRewards'>;

export type StatementFormat = 'xlsx' | 'pdf';
