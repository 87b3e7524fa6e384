import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AccountRecoveryPage } from '@/features/accounts/components/recovery-pages';

export default function AccountRecoveryRoute() {
  const navigate = useNavigate();
  return <AccountRecoveryPage onSent={() => void navigate(paths.accountRecoverySent.path)} />;
}
