import { ClientDeliveriesPage } from '@/features/deliveries/components/client-deliveries-page';
import { ForbiddenPage } from '@/components/status-page';
import { useViewer } from '../access';

/** Client users only: the deliveries of their own client. */
export default function ClientDeliveriesRoute() {
  const { clientId } = useViewer();
  return clientId === null ? <ForbiddenPage /> : <ClientDeliveriesPage clientId={clientId} />;
}
