import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { useBanners } from '@/features/banners/store';
import { JobsPage } from '@/features/creator-profile/components/jobs-page';
import { isCreator } from '@/lib/roles';

/** /user/edit/jobs: save, then back to the hub with a flash. */
export default function UserEditJobsRoute() {
  const navigate = useNavigate();
  const role = useAuth((s) => s.user.data?.roleType);
  const flash = useBanners((s) => s.flash);
  const onSaved = () => {
    flash('職業・資格情報を保存しました');
    void navigate(paths.userEdit.path);
  };
  return <JobsPage title={paths.userEditJobs.title} creator={isCreator(role)} onSaved={onSaved} />;
}
