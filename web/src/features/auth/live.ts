/** The session's live event: the only place the auth feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useAuth } from './store';

/** A change made in another tab (the work status answered there) shows here at once. */
export const subscribeUser = (): (() => void) => onEvent('user.updated', (user) => useAuth.getState().applyUser(user));

/** Staff changed this user's role or suspended the account: every open browser logs out at once. */
export const subscribeSessionEnd = (): (() => void) => onEvent('session.revoked', ({ reason }) => useAuth.getState().endRevokedSession(reason));
