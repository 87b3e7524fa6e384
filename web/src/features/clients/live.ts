/** The clients' live event: the only place the clients feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useClient } from './store';

/**
 * A task moved (ordered, delivered, inspected): the client's header counts follow. `clientId`
 * reads the logged-in user's client at the time of each push (none for other users).
 */
export const subscribeClientCounts = (clientId: () => number | null | undefined): (() => void) =>
  onEvent('task.updated', () => {
    const id = clientId();
    if (id) void useClient.getState().fetchCounts(id);
  });
