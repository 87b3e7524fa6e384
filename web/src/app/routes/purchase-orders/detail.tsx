import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { PurchaseOrderDetailPage } from '@/features/purchase-orders/components/purchase-order-detail-page';

export default function PurchaseOrderRoute() {
  const id = Number(useParams().purchaseOrderId);
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return <PurchaseOrderDetailPage purchaseOrderId={id} />;
}
