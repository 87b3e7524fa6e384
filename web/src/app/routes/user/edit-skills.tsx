import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { useBanners } from '@/features/banners/store';
import { SkillsPage } from '@/features/creator-profile/components/skills-page';
import { isCreator } from '@/lib/roles';

/** /user/edit/skills: each save refreshes the member's flags (the hub's marks, the warnings). */
export default function UserEditSkillsRoute() {
  const role = useAuth((s) => s.user.data?.roleType);
  const whoami = useAuth((s) => s.whoami);
  const flash = useBanners((s) => s.flash);
  const onSaved = (what: string) => {
    void whoami();
    flash(`${what}を保存しました`);
  };
  return <SkillsPage title={paths.userEditSkills.title} creator={isCreator(role)} onSaved={onSaved} />;
}
