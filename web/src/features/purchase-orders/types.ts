import type { Paging } from '@/lib/paging';

/** One order in the list, in its current version. Amounts are integer yen; `null` while undecided. */
export interface PurchaseOrderSummary {
  id: number;
  number: string;
  version: number;
  isRevised: boolean;
  issuedAt: string;
  taskId: number;
  taskType: string;
  title: string;
  clientName: string;
  mediaName: string;
  orderDate: string;
  dueDate: string | null;
  rewardAmount: number | null;
  consumptionTax: number | null;
  totalAmount: number | null;
  receivedOn: string | null;
  /** Set once a deliverable was received. */
  paymentDueDate: string | null;
}

/** `GET /users/{id}/purchase_orders`: newest first. */
export interface PurchaseOrderList extends Paging {
  baseUrl: string;
  purchaseOrders: PurchaseOrderSummary[];
}

export interface PurchaseOrderVersion {
  id: number;
  version: number;
  issuedAt: string;
}

/** `GET /users/{id}/purchase_orders/{id}`: what the Freelance Act art. 3 asks a purchase order to state. */
export interface PurchaseOrder {
  id: number;
  number: string;
  version: number;
  reason: 'taken' | 'revised' | 'backfilled';
  issuedAt: string;
  isSuperseded: boolean;
  supersededBy: number | null;
  /** API names of the terms that changed against the previous version. */
  changedFields: string[];
  versions: PurchaseOrderVersion[];
  issuer: { name: string; address: string; invoiceRegistrationNumber: string | null };
  recipient: { userId: number; name: string; accountType: 'personal' | 'corporate'; invoiceRegistrationNumber: string | null };
  clientName: string;
  mediaName: string;
  projectName: string;
  workName: string;
  taskId: number;
  taskType: string;
  title: string;
  rewardAmount: number | null;
  consumptionTaxRatePercent: string;
  consumptionTax: number | null;
  totalAmount: number | null;
  withholdingApplies: boolean;
  orderDate: string;
  dueDate: string | null;
  deliveryPlace: string;
  receivedOn: string | null;
  inspectedOn: string | null;
  paymentTerms: string;
  paymentDueDate: string | null;
  paymentMethod: string;
}
