import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ChangePasswordPage } from '@/features/accounts/components/recovery-pages';

/** /change_password?token=: the new password of a reset link, then /change_password/sent. */
export default function ChangePasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return <ChangePasswordPage token={params.get('token') ?? ''} onChanged={() => void navigate(paths.changePasswordSent.path, { replace: true })} />;
}
