/** The confirmations' live event: the only place this feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useRewardConfirmations } from './store';

/** Another staff member confirmed a month: an open history reloads. */
export const subscribeRewardConfirmations = (): (() => void) =>
  onEvent('reward_confirmation.created', () => {
    useRewardConfirmations.getState().refresh();
  });
