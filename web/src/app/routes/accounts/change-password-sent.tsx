import { ChangePasswordSentPage } from '@/features/accounts/components/recovery-pages';

export default function ChangePasswordSentRoute() {
  return <ChangePasswordSentPage />;
}
