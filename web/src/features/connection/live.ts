/** The connection feature's only tie to the socket: its state, and the catch-up when it returns. */
import { onConnectionState, type ConnectionState } from '@/lib/socket';
import { useConnection } from './store';

/**
 * Follows the live connection. `catchUp` runs when it returns after being lost (features that
 * missed pushes while it was down fetch again; chat catches up on its own `connect`).
 */
export function subscribeConnection(catchUp: () => void): () => void {
  return onConnectionState((next: ConnectionState) => {
    const was = useConnection.getState().state;
    useConnection.getState().apply(next);
    if (next === 'online' && (was === 'offline' || was === 'reconnecting')) catchUp();
  });
}
