import { useParams } from 'react-router';
import { MediaFrame } from '@/features/media/components/media-frame';
import { MediaTeamPage } from '@/features/media-teams/components/team-page';

export default function MediaTeamRoute() {
  const params = useParams();
  const mediaId = Number(params.mediaId);
  return (
    <MediaFrame mediaId={mediaId} active="teams">
      <MediaTeamPage mediaId={mediaId} teamId={Number(params.teamId)} />
    </MediaFrame>
  );
}
