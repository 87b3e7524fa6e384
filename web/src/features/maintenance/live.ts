/** Maintenance's live event: the only place the maintenance feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useMaintenance } from './store';

/** Every open browser follows a window scheduled, cancelled, started or ended at once. */
export const subscribeMaintenance = (): (() => void) => onEvent('maintenance.changed', (changed) => useMaintenance.getState().applySchedule(changed));
