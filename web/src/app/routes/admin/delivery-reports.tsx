import { DeliveryReportsPage } from '@/features/deliveries/components/delivery-reports-page';
import { StaffOnly } from '../access';

export default function DeliveryReportsRoute() {
  return (
    <StaffOnly>
      <DeliveryReportsPage />
    </StaffOnly>
  );
}
