import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { MediaFrame } from '@/features/media/components/media-frame';
import { MediaMembersPanel } from '@/features/media/components/media-members';
import { routeId } from './id';

export default function MediaMembersRoute() {
  const mediaId = routeId(useParams().mediaId);
  if (!mediaId) return <NotFoundPage />;
  return (
    <MediaFrame mediaId={mediaId} active="members">
      <MediaMembersPanel mediaId={mediaId} />
    </MediaFrame>
  );
}
