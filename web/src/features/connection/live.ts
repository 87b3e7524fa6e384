/** The connection feature's only tie to the socket: its state, and the catch-up when it returns. */
import { onCatchUp, onConnectionState } from '@/lib/socket';
import { useConnection } from './store';

/**
 * Follows the live connection. `catchUp` runs when pushes may have been missed (the connection
 * returned after being lost, or the nodes resynced): what the session's frame shows comes again;
 * pages catch up on their own (useCatchUp), chat on its own `connect`.
 */
export function subscribeConnection(catchUp: () => void): () => void {
  const offs = [onConnectionState((next) => useConnection.getState().apply(next)), onCatchUp(() => catchUp())];
  return () => offs.forEach((off) => off());
}
