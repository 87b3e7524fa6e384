import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { ProfileEditPage } from '@/features/accounts/components/user-edit-pages';
import { useAuth } from '@/features/auth/store';
import { useBanners } from '@/features/banners/store';
import { isCreator } from '@/lib/roles';

/** /user/edit/profiles: the profile form with the saved values; the header's name follows a save. */
export default function UserEditProfilesRoute() {
  const role = useAuth((s) => s.user.data?.roleType);
  const whoami = useAuth((s) => s.whoami);
  const flash = useBanners((s) => s.flash);
  const onSaved = useCallback(() => {
    flash('プロフィールを保存しました');
    void whoami();
  }, [flash, whoami]);
  return <ProfileEditPage title={paths.userEditProfiles.title} creator={isCreator(role)} onSaved={onSaved} />;
}
