import { InformationPage } from '@/features/information/components/information-page';
import { isManagerOrAdmin } from '@/lib/roles';
import { useViewer } from '../access';

export default function InformationRoute() {
  const viewer = useViewer();
  return <InformationPage canManage={isManagerOrAdmin(viewer.role)} />;
}
