/** One task in full as the web reads it: the server's types (lib/api, generated); the row and the closed sets are in lib/tasks. */
import type { Body, View } from '@/lib/api/wire';

export type Assignee = View<'Assignee'>;
/** `contentType` is the sniffed type: a video plays in the page. */
export type DeliveryFile = View<'DeliveryFile'>;
export type ExternalDelivery = View<'ExternalDelivery'>;
export type Deliveries = View<'Deliveries'>;
export type Inspection = View<'InspectionView'>;
export type TaskDetail = View<'TaskDetail'>;

/** Fields staff may change on any task (PUT /admin/tasks/{id}); absent means unchanged, an empty date clears it. */
export type AdminTaskChange = Body<'AdminTaskChange'>;
