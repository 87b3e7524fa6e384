import { useParams } from 'react-router';
import { MediaFrame } from '@/features/media/components/media-frame';
import { MediaTeamsPage } from '@/features/media-teams/components/teams-page';

export default function MediaTeamsRoute() {
  const mediaId = Number(useParams().mediaId);
  return (
    <MediaFrame mediaId={mediaId} active="teams">
      <MediaTeamsPage mediaId={mediaId} />
    </MediaFrame>
  );
}
