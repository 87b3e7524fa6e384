/**
 * The deliveries feature's one store, built from slices (zustand's slices pattern): a client's
 * deliveries (`slices/client-deliveries.ts`) and the staff's monthly delivery reports
 * (`slices/reports.ts`). Logout resets both.
 */
import { create } from 'zustand';
import { registerReset } from '@/lib/reset';
import type { Slices } from '@/lib/slices';
import { type ClientDeliveriesSlice, clientDeliveriesInitial, createClientDeliveriesSlice } from './slices/client-deliveries';
import { createReportsSlice, type DeliveryReportsSlice, reportsInitial } from './slices/reports';

export type DeliveriesState = Slices<ClientDeliveriesSlice, DeliveryReportsSlice>;

export const useDeliveries = create<DeliveriesState>()((...a) => ({
  ...createClientDeliveriesSlice(...a),
  ...createReportsSlice(...a),
}));

registerReset(() => useDeliveries.setState({ ...clientDeliveriesInitial(), ...reportsInitial() }));
