import { OfferTemplatesPage } from '@/features/offers/components/offer-templates-page';

export default function OfferTemplatesRoute() {
  return <OfferTemplatesPage />;
}
