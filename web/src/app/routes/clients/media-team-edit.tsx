import { useNavigate, useParams } from 'react-router';
import { href } from '@/config/paths';
import { MediaFrame } from '@/features/media/components/media-frame';
import { MediaTeamForm } from '@/features/media-teams/components/team-form';

export default function MediaTeamEditRoute() {
  const params = useParams();
  const mediaId = Number(params.mediaId);
  const teamId = Number(params.teamId);
  const navigate = useNavigate();
  return (
    <MediaFrame mediaId={mediaId} active="teams">
      <MediaTeamForm mediaId={mediaId} teamId={teamId} onSaved={() => navigate(href('mediaTeam', { mediaId, teamId }))} />
    </MediaFrame>
  );
}
