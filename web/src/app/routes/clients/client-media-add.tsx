import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { MediaAddPage } from '@/features/media/components/media-edit-page';
import { routeId } from './id';

export default function ClientMediaAddRoute() {
  const navigate = useNavigate();
  const clientId = routeId(useParams().clientId);
  if (!clientId) return <NotFoundPage />;
  return <MediaAddPage clientId={clientId} onSaved={(media) => navigate(href('mediaDetails', { mediaId: media.id }))} onCancel={() => navigate(href('clientMediaList', { clientId }))} />;
}
