import { useNavigate, useParams } from 'react-router';
import { href } from '@/config/paths';
import { MediaFrame } from '@/features/media/components/media-frame';
import { MemberAddPage } from '@/features/media-teams/components/member-add-page';

export default function MediaTeamMemberAddRoute() {
  const params = useParams();
  const mediaId = Number(params.mediaId);
  const teamId = Number(params.teamId);
  const navigate = useNavigate();
  return (
    <MediaFrame mediaId={mediaId} active="teams">
      <MemberAddPage mediaId={mediaId} teamId={teamId} onAdded={() => navigate(href('mediaTeam', { mediaId, teamId }))} />
    </MediaFrame>
  );
}
