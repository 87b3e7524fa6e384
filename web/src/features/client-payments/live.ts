/** The usage pages' live event: the only place this feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useClientPayments } from './store';

/**
 * `media.updated` says a medium of a company changed: its option payments or a month's bill
 * (set by the staff) are part of the usage, so whatever of that company is on screen is fetched again.
 */
export const subscribeClientPayments = (): (() => void) =>
  onEvent('media.updated', ({ clientId }) => useClientPayments.getState().refreshClient(clientId));
