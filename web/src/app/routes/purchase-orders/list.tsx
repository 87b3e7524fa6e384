import { PurchaseOrderListPage } from '@/features/purchase-orders/components/purchase-order-list-page';

export default function PurchaseOrdersRoute() {
  return <PurchaseOrderListPage />;
}
