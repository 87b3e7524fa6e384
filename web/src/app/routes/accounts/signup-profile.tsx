import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { SignupProfilePage } from '@/features/accounts/components/signup-pages';
import { useAuth } from '@/features/auth/store';

/** /signup/profile?token=: the profile; the new member is logged in as by the login and goes on to skills. */
export default function SignupProfileRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const adoptSession = useAuth((s) => s.adoptSession);
  const token = params.get('token') ?? '';
  return (
    <SignupProfilePage
      token={token}
      onSignedUp={async (sessionToken) => {
        await adoptSession(sessionToken);
        await navigate(paths.signupSkills.path, { replace: true });
      }}
    />
  );
}
