import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { MediaFrame } from '@/features/media/components/media-frame';
import { OptionPaymentForm } from '@/features/media/components/option-payment-form';
import { routeId } from './id';

export default function MediaOptionPaymentAddRoute() {
  const navigate = useNavigate();
  const mediaId = routeId(useParams().mediaId);
  if (!mediaId) return <NotFoundPage />;
  const back = () => navigate(href('mediaDetails', { mediaId }));
  return (
    <MediaFrame mediaId={mediaId} active="details">
      <OptionPaymentForm mediaId={mediaId} onSaved={back} onCancel={back} />
    </MediaFrame>
  );
}
