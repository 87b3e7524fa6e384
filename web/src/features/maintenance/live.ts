/** Maintenance's live event: the only place the maintenance feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { MAINTENANCE_POLL_MS, useMaintenance } from './store';

/** Every open browser follows a window scheduled, cancelled, started or ended at once. */
export const subscribeMaintenance = (): (() => void) => onEvent('maintenance.changed', (changed) => useMaintenance.getState().applySchedule(changed));

/**
 * A page without the socket (nobody logged in) gets no push: it asks for the schedule every
 * MAINTENANCE_POLL_MS while the tab is visible and online, so it too switches to the maintenance
 * page when an admin starts one now. Returns the stop function.
 */
export function pollMaintenance(): () => void {
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible' && navigator.onLine) void useMaintenance.getState().refresh();
  }, MAINTENANCE_POLL_MS);
  return () => clearInterval(timer);
}
