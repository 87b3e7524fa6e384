/** The notices' live events: the only place the notices feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useNotices } from './store';

/** Keeps the bell and the envelope in step with notices created and read (in any tab). */
export function subscribeNotices(): () => void {
  const offs = [
    onEvent('notice.created', (created) => useNotices.getState().applyCreated(created)),
    onEvent('notice.read', (read) => useNotices.getState().applyRead(read)),
  ];
  return () => offs.forEach((off) => off());
}
