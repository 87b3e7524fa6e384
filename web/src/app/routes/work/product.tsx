import { WorkPage } from '@/features/works/components/work-page';
import { useViewer } from '../access';

export default function ProductRoute() {
  return <WorkPage viewer={useViewer()} />;
}
