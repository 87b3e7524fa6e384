import { useParams } from 'react-router';
import { CreatorTasksPage } from '@/features/creators/components/creator-tasks-page';

export default function CreatorTasksRoute() {
  return <CreatorTasksPage creatorId={Number(useParams().userId)} />;
}
