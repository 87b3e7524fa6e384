import { useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { ClientSignupProfilePage } from '@/features/accounts/components/client-signup-pages';
import { landingPath } from '@/features/auth/landing';
import { useAuth } from '@/features/auth/store';
import { useIsMobile } from '@/lib/device';

/** /clients/{clientId}/signup/profile?token=: the invited person registers and lands as after a login. */
export default function ClientSignupProfileRoute() {
  const clientId = Number(useParams().clientId);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const adoptSession = useAuth((s) => s.adoptSession);
  if (!Number.isInteger(clientId) || clientId <= 0) return <NotFoundPage />;
  return (
    <ClientSignupProfilePage
      clientId={clientId}
      token={params.get('token') ?? ''}
      onSignedUp={async (sessionToken) => {
        const user = await adoptSession(sessionToken);
        await navigate(user ? landingPath(user, mobile) : href('login'), { replace: true });
      }}
    />
  );
}
