/** The creator's own purchase orders: a page of the list, and one order. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { purchaseOrdersApi } from './api';
import type { PurchaseOrder, PurchaseOrderList } from './types';

/** The spec's failure text for the purchase order list. */
export const PURCHASE_ORDERS_FAILED = '発注一覧の取得に失敗しました';
export const PURCHASE_ORDER_FAILED = '発注書の取得に失敗しました';

interface PurchaseOrdersState {
  list: AsyncState<PurchaseOrderList | null>;
  order: AsyncState<PurchaseOrder | null>;
  fetchList: (page: number) => Promise<void>;
  fetchOrder: (id: number) => Promise<void>;
}

const initial = () => ({
  list: initialAsync<PurchaseOrderList | null>(null),
  order: initialAsync<PurchaseOrder | null>(null),
});

export const usePurchaseOrders = create<PurchaseOrdersState>((set) => ({
  ...initial(),
  fetchList: async (page) => {
    await track(set, 'list', () => purchaseOrdersApi.list(page), PURCHASE_ORDERS_FAILED);
  },
  fetchOrder: async (id) => {
    await track(set, 'order', () => purchaseOrdersApi.detail(id), PURCHASE_ORDER_FAILED);
  },
}));

registerReset(() => usePurchaseOrders.setState(initial()));
