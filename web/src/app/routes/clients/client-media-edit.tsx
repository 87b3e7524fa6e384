import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { MediaEditPage } from '@/features/media/components/media-edit-page';
import { routeId } from './id';

export default function ClientMediaEditRoute() {
  const navigate = useNavigate();
  const params = useParams();
  const clientId = routeId(params.clientId);
  const mediaId = routeId(params.mediaId);
  if (!clientId || !mediaId) return <NotFoundPage />;
  return <MediaEditPage clientId={clientId} mediaId={mediaId} onSaved={() => navigate(href('mediaDetails', { mediaId }))} onCancel={() => navigate(-1)} />;
}
