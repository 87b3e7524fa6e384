/** The notices' live events: the only place the notices feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { type BackgroundNotices, notifyInBackground } from './background';
import { useNotices } from './store';

/**
 * Keeps the bell and the envelope in step with notices created and read (in any tab); with
 * `background`, chat notices also become browser notifications while the tab is hidden.
 */
export function subscribeNotices(background?: BackgroundNotices): () => void {
  const offs = [
    onEvent('notice.created', (created) => {
      useNotices.getState().applyCreated(created);
      if (background) void notifyInBackground(created, background);
    }),
    onEvent('notice.read', (read) => useNotices.getState().applyRead(read)),
  ];
  return () => offs.forEach((off) => off());
}
