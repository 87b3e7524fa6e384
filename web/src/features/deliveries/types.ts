/** Deliveries as clients list them, and the monthly delivery reports staff create: the server's types (lib/api, generated). */
import type { Body, View } from '@/lib/api/wire';

export type ClientDelivery = View<'ClientDelivery'>;
export type DeliveryReport = View<'DeliveryReport'>;
export type NewDeliveryReport = Body<'NewDeliveryReport'>;
