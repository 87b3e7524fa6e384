import { WorkPage } from '@/features/tasks/components/work-page';
import { useViewer } from '../access';

export default function ProductRoute() {
  return <WorkPage viewer={useViewer()} />;
}
