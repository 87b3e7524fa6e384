import { ForbiddenPage } from '@/components/status-page';
import { ClientList } from '@/features/clients/components/client-list';
import { ClientMediaPage } from '@/features/media/components/client-media-page';
import { isManagerOrAdmin, isStaff } from '@/lib/roles';
import { useViewer } from '../access';

/** /clients/media: staff get the client list (each company's edit, accounts and media); a client its own media as cards. */
export default function ClientMediaRoute() {
  const viewer = useViewer();
  if (isStaff(viewer.role)) return <ClientList canAdd={isManagerOrAdmin(viewer.role)} />;
  if (viewer.clientId) return <ClientMediaPage clientId={viewer.clientId} title="媒体" />;
  return <ForbiddenPage />;
}
