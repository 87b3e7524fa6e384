import { DeliveryReportsPage } from '@/features/deliveries/components/delivery-reports-page';

export default function DeliveryReportsRoute() {
  return <DeliveryReportsPage />;
}
