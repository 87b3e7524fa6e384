import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { SignupPage } from '@/features/accounts/components/signup-pages';

/** /signup: the address a sign-up link is mailed to, then /signup/sent. */
export default function SignupRoute() {
  const navigate = useNavigate();
  return <SignupPage onSent={(mailAddress) => void navigate(paths.signupSent.path, { state: { mailAddress } })} />;
}
