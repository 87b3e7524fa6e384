import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { paths } from '@/config/paths';
import { ClientInvitePage } from '@/features/accounts/components/client-signup-pages';

/** /clients/{clientId}/signup: staff or the client's own people invite someone of that client. */
export default function ClientSignupRoute() {
  const clientId = Number(useParams().clientId);
  if (!Number.isInteger(clientId) || clientId <= 0) return <NotFoundPage />;
  return <ClientInvitePage clientId={clientId} title={paths.clientSignup.title} />;
}
