import { useParams } from 'react-router';
import { GuestCreatorPage } from '@/features/guests/components/guest-creator-page';

export default function GuestCreatorRoute() {
  const params = useParams();
  return <GuestCreatorPage mediaId={Number(params.mediaId)} teamId={Number(params.teamId)} userId={Number(params.userId)} />;
}
