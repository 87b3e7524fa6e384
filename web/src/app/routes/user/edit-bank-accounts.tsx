import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { BankAccountPage } from '@/features/bank-accounts/components/bank-account-page';
import { useBanners } from '@/features/banners/store';
import { isCreator } from '@/lib/roles';

/** /user/edit/bank_accounts: change the payee, then back to the hub with a flash. */
export default function UserEditBankAccountsRoute() {
  const navigate = useNavigate();
  const role = useAuth((s) => s.user.data?.roleType);
  const whoami = useAuth((s) => s.whoami);
  const flash = useBanners((s) => s.flash);
  const onSaved = async () => {
    // whoami's hasBankAccount clears the side menu's warning.
    await whoami();
    flash('振込先情報を保存しました');
    await navigate(paths.userEdit.path);
  };
  return <BankAccountPage title={paths.userEditBankAccounts.title} submitLabel="保存する" creator={isCreator(role)} onSaved={() => void onSaved()} />;
}
