/** The words and links of the usage pages. */
import { href } from '@/config/paths';
import type { PaymentStatus } from './types';

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  unbilled: '未請求',
  billed: '請求済',
  paid: '入金済',
};

export const STATUSES: PaymentStatus[] = ['unbilled', 'billed', 'paid'];

/**
 * Where a company's usage pages are. A client user's pages are its own company's; the staff
 * name the company with `?client_id=` (the medium's month names it in its path).
 */
export function usageLinks(clientId: number, staff: boolean) {
  const q = staff ? `?client_id=${clientId}` : '';
  return {
    overview: () => `${href('clientPayments')}${q}`,
    year: (year: number) => `${href('clientPaymentsYear', { year })}${q}`,
    month: (year: number, month: number) => `${href('clientPaymentsMonth', { year, month })}${q}`,
    media: (mediaId: number, year: number, month: number) => href('clientMediaPayments', { clientId, mediaId, year, month }),
    /** The staff's bill form for a medium's month. */
    update: (mediaId: number, year: number, month: number) =>
      `${href('adminMediaPayments')}?client_id=${clientId}&media_id=${mediaId}&year=${year}&month=${month}`,
  };
}

export type UsageLinks = ReturnType<typeof usageLinks>;
