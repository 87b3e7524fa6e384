import { ForbiddenPage } from '@/components/status-page';
import { MediaListPage } from '@/features/media/components/media-list-page';
import { isClient, isStaff } from '@/lib/roles';
import { useViewer } from '../access';

/** /media: every medium for staff, the company's own for a client. */
export default function MediaRoute() {
  const { role } = useViewer();
  if (!isStaff(role) && !isClient(role)) return <ForbiddenPage />;
  return <MediaListPage staff={isStaff(role)} />;
}
