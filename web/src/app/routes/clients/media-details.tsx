import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { MediaDetails } from '@/features/media/components/media-details';
import { MediaFrame } from '@/features/media/components/media-frame';
import { routeId } from './id';

export default function MediaDetailsRoute() {
  const mediaId = routeId(useParams().mediaId);
  if (!mediaId) return <NotFoundPage />;
  return (
    <MediaFrame mediaId={mediaId} active="details">
      <MediaDetails mediaId={mediaId} />
    </MediaFrame>
  );
}
