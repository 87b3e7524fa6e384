/** Purchase orders (Freelance Act art. 3): the server's types (lib/api, generated). Amounts are integer yen; `null` while undecided. */
import type { View } from '@/lib/api/wire';

/** One order in the list, in its current version; `paymentDueDate` is set once a deliverable was received. */
export type PurchaseOrderSummary = View<'PurchaseOrderSummary'>;

/** `GET /users/{id}/purchase_orders`: newest first. */
export type PurchaseOrderList = View<'PurchaseOrderList'>;

export type PurchaseOrderVersion = View<'VersionRef'>;

/**
 * `GET /users/{id}/purchase_orders/{id}`: what the Freelance Act art. 3 asks a purchase order to
 * state; `changedFields` are the API names of the terms that changed against the previous version.
 */
export type PurchaseOrder = View<'PurchaseOrder'>;
