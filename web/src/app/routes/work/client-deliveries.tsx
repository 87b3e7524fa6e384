import { ClientDeliveriesPage } from '@/features/deliveries/components/client-deliveries-page';
import { Forbidden, useViewer } from '../access';

/** Client users only: the deliveries of their own client. */
export default function ClientDeliveriesRoute() {
  const { clientId } = useViewer();
  return clientId === null ? <Forbidden /> : <ClientDeliveriesPage clientId={clientId} />;
}
