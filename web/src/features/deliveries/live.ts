/** The deliveries' live events: the only place the deliveries feature subscribes to the socket. */
import { type EventHandler, useLiveEvent } from '@/lib/socket';

/** Runs `handler` whenever a creator registers a delivery for the user's client. */
export const useDeliveryRegistered = (handler: EventHandler<'delivery.registered'>): void => useLiveEvent('delivery.registered', handler);
