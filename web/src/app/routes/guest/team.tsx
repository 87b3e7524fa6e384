import { useParams } from 'react-router';
import { GuestTeamPage } from '@/features/guests/components/guest-team-page';

export default function GuestTeamRoute() {
  const params = useParams();
  return <GuestTeamPage mediaId={Number(params.mediaId)} teamId={Number(params.teamId)} />;
}
