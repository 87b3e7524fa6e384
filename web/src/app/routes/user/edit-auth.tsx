import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthEditPage } from '@/features/accounts/components/user-edit-pages';
import { useBanners } from '@/features/banners/store';

/** /user/edit/auth: mail address change (by confirmation link) and password change. */
export default function UserEditAuthRoute() {
  const navigate = useNavigate();
  const flash = useBanners((s) => s.flash);
  return (
    <AuthEditPage
      title={paths.userEditAuth.title}
      onMailRequested={(mailAddress) => void navigate(paths.userEditMailSent.path, { state: { mailAddress } })}
      onPasswordChanged={() => flash('パスワードを変更しました')}
    />
  );
}
