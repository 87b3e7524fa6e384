import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { MailChangeCompletePage } from '@/features/accounts/components/user-edit-pages';
import { useAccounts } from '@/features/accounts/store';

/** /user/edit/auth/mail_address/complete?token=: opening the mailed link confirms the new address. */
export default function UserEditMailCompleteRoute() {
  const [params] = useSearchParams();
  const fetchProfile = useAccounts((s) => s.fetchProfile);
  const onConfirmed = useCallback(() => void fetchProfile(), [fetchProfile]);
  return <MailChangeCompletePage title={paths.userEditMailComplete.title} token={params.get('token') ?? ''} onConfirmed={onConfirmed} />;
}
