import { useNavigate, useParams } from 'react-router';
import { href } from '@/config/paths';
import { MediaFrame } from '@/features/media/components/media-frame';
import { MediaTeamForm } from '@/features/media-teams/components/team-form';

export default function MediaTeamAddRoute() {
  const mediaId = Number(useParams().mediaId);
  const navigate = useNavigate();
  return (
    <MediaFrame mediaId={mediaId} active="teams">
      <MediaTeamForm mediaId={mediaId} onSaved={(team) => navigate(href('mediaTeam', { mediaId, teamId: team.id }))} />
    </MediaFrame>
  );
}
