/** The rewards' live event: the only place the rewards feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useRewards } from './store';

/** Staff confirmed a month: an open statement of it shows 確定 with the stored figures. */
export const subscribeRewards = (): (() => void) =>
  onEvent('reward_confirmation.created', (event) => {
    useRewards.getState().confirmed(event.year, event.month);
  });
