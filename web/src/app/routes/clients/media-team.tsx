import { useParams } from 'react-router';
import { TeamSharePanel } from '@/features/guests/components/team-share-panel';
import { MediaFrame } from '@/features/media/components/media-frame';
import { MediaTeamPage } from '@/features/media-teams/components/team-page';

export default function MediaTeamRoute() {
  const params = useParams();
  const mediaId = Number(params.mediaId);
  const teamId = Number(params.teamId);
  return (
    <MediaFrame mediaId={mediaId} active="teams">
      <MediaTeamPage mediaId={mediaId} teamId={teamId} />
      <TeamSharePanel mediaId={mediaId} teamId={teamId} />
    </MediaFrame>
  );
}
