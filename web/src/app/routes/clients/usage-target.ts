/** Whose usage a /clients/payments page shows: a client user's own company, or the company the staff name with `?client_id=`. */
import { useSearchParams } from 'react-router';
import { isClient, isStaff } from '@/lib/roles';
import { useViewer } from '../access';
import { routeId } from './id';

export type UsageTarget = { kind: 'company'; clientId: number; staff: boolean } | { kind: 'pick' } | { kind: 'refused' };

export function useUsageTarget(): UsageTarget {
  const viewer = useViewer();
  const [params] = useSearchParams();
  if (isClient(viewer.role) && viewer.clientId) return { kind: 'company', clientId: viewer.clientId, staff: false };
  if (!isStaff(viewer.role)) return { kind: 'refused' };
  const clientId = routeId(params.get('client_id') ?? undefined);
  return clientId ? { kind: 'company', clientId, staff: true } : { kind: 'pick' };
}


/** A year (and month) from route parameters, or null when they name none. */
export function routePeriod(year: string | undefined, month?: string): { year: number; month: number } | null {
  const y = Number(year);
  const m = month === undefined ? 1 : Number(month);
  if (!/^\d{4}$/.test(year ?? '') || !Number.isInteger(m) || m < 1 || m > 12) return null;
  return { year: y, month: m };
}
