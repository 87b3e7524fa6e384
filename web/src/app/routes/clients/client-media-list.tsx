import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { ClientMediaPage } from '@/features/media/components/client-media-page';
import { routeId } from './id';

export default function ClientMediaListRoute() {
  const clientId = routeId(useParams().clientId);
  return clientId ? <ClientMediaPage clientId={clientId} /> : <NotFoundPage />;
}
