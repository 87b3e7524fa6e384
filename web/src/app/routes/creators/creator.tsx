import { useParams } from 'react-router';
import { useAuth } from '@/features/auth/store';
import { CreatorPage } from '@/features/creators/components/creator-page';
import { AdminFlagsPanel } from '@/features/user-admin/components/admin-flags-panel';
import { isManagerOrAdmin, isStaff } from '@/lib/roles';

/** The creator page; staff also see the creator's admin flags (managers and admins set them). */
export default function CreatorRoute() {
  const creatorId = Number(useParams().userId);
  const role = useAuth((s) => s.user.data?.roleType);
  return (
    <>
      <CreatorPage creatorId={creatorId} />
      {isStaff(role) && <AdminFlagsPanel userId={creatorId} canEdit={isManagerOrAdmin(role)} />}
    </>
  );
}
