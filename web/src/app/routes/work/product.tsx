import { WorkPage } from '@/features/works/components/work-page';

export default function ProductRoute() {
  return <WorkPage />;
}
