import { useParams } from 'react-router';
import { CreatorAttributesPage } from '@/features/creators/components/creator-attributes-page';

export default function CreatorAttributesRoute() {
  return <CreatorAttributesPage creatorId={Number(useParams().userId)} />;
}
