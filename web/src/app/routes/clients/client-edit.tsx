import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { ClientEditPage } from '@/features/clients/components/client-edit-page';
import { routeId } from './id';

export default function ClientEditRoute() {
  const navigate = useNavigate();
  const clientId = routeId(useParams().clientId);
  if (!clientId) return <NotFoundPage />;
  return <ClientEditPage clientId={clientId} onSaved={() => navigate(href('clientMediaList', { clientId }))} onCancel={() => navigate(-1)} />;
}
