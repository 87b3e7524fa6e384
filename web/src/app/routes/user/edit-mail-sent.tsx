import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { MailChangeSentPage } from '@/features/accounts/components/user-edit-pages';

export default function UserEditMailSentRoute() {
  const state = useLocation().state as { mailAddress?: string } | null;
  return <MailChangeSentPage title={paths.userEditMailSent.title} mailAddress={state?.mailAddress ?? null} />;
}
