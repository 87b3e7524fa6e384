import { paths } from '@/config/paths';
import { MailFrequenciesPage } from '@/features/accounts/components/user-edit-pages';
import { useBanners } from '@/features/banners/store';

export default function UserEditMailFrequenciesRoute() {
  const flash = useBanners((s) => s.flash);
  return <MailFrequenciesPage title={paths.userEditMailFrequencies.title} onSaved={() => flash('メール通知設定を保存しました')} />;
}
