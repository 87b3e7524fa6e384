import { useParams } from 'react-router';
import { CreatorPage } from '@/features/creators/components/creator-page';

export default function CreatorRoute() {
  return <CreatorPage creatorId={Number(useParams().userId)} />;
}
