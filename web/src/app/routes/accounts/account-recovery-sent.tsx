import { AccountRecoverySentPage } from '@/features/accounts/components/recovery-pages';

export default function AccountRecoverySentRoute() {
  return <AccountRecoverySentPage />;
}
