import { useAuth } from '@/features/auth/store';
import { SignupCompletePage } from '@/features/users/components/signup-complete-page';

/** /signup/complete: the last page of sign-up. */
export default function SignupCompleteRoute() {
  const user = useAuth((s) => s.user.data);
  if (!user) return null;
  return <SignupCompletePage user={user} />;
}
