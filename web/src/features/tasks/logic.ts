/** The rules the task screens follow, kept pure so they are easy to prove. */
import type { DeliveryRegistered } from '@/lib/events';
import { TASK_STATUSES } from '@/lib/tasks';
import type { TaskDetail } from './types';

/** The status filter from the URL; any value outside the four task statuses drops the whole filter. */
export function sanitizeStatuses(values: string[]): string[] {
  if (!values.every((value) => (TASK_STATUSES as string[]).includes(value))) return [];
  return [...new Set(values)];
}

/** After a delivery the task is fetched again, but only `updatedAt` and `deliveryFiles` are taken from it. */
export const applyDeliveryRefetch = (current: TaskDetail, fresh: TaskDetail): TaskDetail => ({
  ...current,
  updatedAt: fresh.updatedAt,
  deliveryFiles: fresh.deliveryFiles,
});

/** A saved external delivery URL joins the task's external deliveries and makes the delivery type external. */
export const applyExternalDelivery = (current: TaskDetail, registered: DeliveryRegistered, userId: number): TaskDetail => ({
  ...current,
  deliveries: {
    type: 'external',
    externals: [
      ...current.deliveries.externals.filter((e) => e.id !== registered.deliveryId),
      { id: registered.deliveryId, userId, url: registered.url ?? '' },
    ],
  },
});
