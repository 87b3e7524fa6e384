import { useLocation } from 'react-router';
import { SignupSentPage } from '@/features/accounts/components/signup-pages';

export default function SignupSentRoute() {
  const state = useLocation().state as { mailAddress?: string } | null;
  return <SignupSentPage mailAddress={state?.mailAddress ?? null} />;
}
