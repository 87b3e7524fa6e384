import { useParams } from 'react-router';
import { ForbiddenPage, NotFoundPage } from '@/components/status-page';
import { MediaUsagePage } from '@/features/client-payments/components/media-usage-page';
import { isClient, isStaff } from '@/lib/roles';
import { useViewer } from '../access';
import { routeId } from './id';
import { routePeriod } from './usage-target';

/** /clients/{clientId}/media/{mediaId}/payments/{year}/{month}: one medium's month (the company's users, staff). */
export default function ClientMediaPaymentsRoute() {
  const viewer = useViewer();
  const params = useParams();
  const clientId = routeId(params.clientId);
  const mediaId = routeId(params.mediaId);
  const period = routePeriod(params.year, params.month);
  if (!clientId || !mediaId || !period) return <NotFoundPage />;
  if (!isStaff(viewer.role) && !isClient(viewer.role)) return <ForbiddenPage />;
  return <MediaUsagePage clientId={clientId} mediaId={mediaId} staff={isStaff(viewer.role)} year={period.year} month={period.month} />;
}
