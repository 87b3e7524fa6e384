import { OfferTemplatesPage } from '@/features/admin/components/offer-templates-page';
import { StaffOnly } from '../access';

export default function OfferTemplatesRoute() {
  return (
    <StaffOnly>
      <OfferTemplatesPage />
    </StaffOnly>
  );
}
