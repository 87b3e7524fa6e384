import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { BankAccountPage } from '@/features/bank-accounts/components/bank-account-page';
import { isCreator } from '@/lib/roles';

/** /signup/bank_accounts: the last step of sign-up, then /signup/complete. */
export default function SignupBankAccountsRoute() {
  const navigate = useNavigate();
  const role = useAuth((s) => s.user.data?.roleType);
  const whoami = useAuth((s) => s.whoami);
  const onSaved = async () => {
    await whoami();
    await navigate(paths.signupComplete.path);
  };
  return <BankAccountPage title={paths.signupBankAccounts.title} submitLabel="登録して次へ" creator={isCreator(role)} onSaved={() => void onSaved()} />;
}
