import { api } from '@/lib/api-client';
import type { PurchaseOrder, PurchaseOrderList } from './types';

export const purchaseOrdersApi = {
  list: (page: number) => api.get<PurchaseOrderList>('/users/me/purchase_orders', { page }),
  detail: (id: number) => api.get<PurchaseOrder>(`/users/me/purchase_orders/${id}`),
};
