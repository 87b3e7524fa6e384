import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { MediaFrame } from '@/features/media/components/media-frame';
import { MediaInformationPanel } from '@/features/media/components/media-information';
import { routeId } from './id';

export default function MediaInformationRoute() {
  const mediaId = routeId(useParams().mediaId);
  if (!mediaId) return <NotFoundPage />;
  return (
    <MediaFrame mediaId={mediaId} active="infomation">
      <MediaInformationPanel mediaId={mediaId} />
    </MediaFrame>
  );
}
