import { formatDate, formatDateTime } from '@/lib/format';
import type { Maintenance } from '../types';

/** yyyy/M/d HH:mm in Tokyo time. */
export const formatMoment = (value: string): string => `${formatDate(value)} ${formatDateTime(value).slice(-5)}`;

/** 「2026/12/1 02:00〜2026/12/1 05:00」 */
export const formatPeriod = (w: Pick<Maintenance, 'startDatetime' | 'endDatetime'>): string =>
  `${formatMoment(w.startDatetime)}〜${formatMoment(w.endDatetime)}`;
