/** The clients' live event: the only place the clients feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useClient } from './store';

/**
 * A task moved (ordered, delivered, inspected) or an assessment was answered: the client's header counts follow. `clientId`
 * reads the logged-in user's client at the time of each push (none for other users).
 */
export const subscribeClientCounts = (clientId: () => number | null | undefined): (() => void) => {
  const refetch = () => {
    const id = clientId();
    if (id) void useClient.getState().fetchCounts(id);
  };
  const offs = [onEvent('task.updated', refetch), onEvent('assessments.changed', refetch)];
  return () => offs.forEach((off) => off());
};
