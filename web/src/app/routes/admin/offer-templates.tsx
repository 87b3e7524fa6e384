import { OfferTemplatesPage } from '@/features/offers/components/offer-templates-page';
import { StaffOnly } from '../access';

export default function OfferTemplatesRoute() {
  return (
    <StaffOnly>
      <OfferTemplatesPage />
    </StaffOnly>
  );
}
