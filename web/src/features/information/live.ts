/** The information feature's live event: the only place it subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useInformation } from './store';

/**
 * A post went live for this user: the latest-notices dialog gets it and an open list reloads;
 * `onNews` lets the session know there is news (the dialog opens on it at once).
 */
export const subscribeInformation = (onNews: () => void): (() => void) =>
  onEvent('information.published', (item) => {
    useInformation.getState().received(item);
    onNews();
  });
