import { useAuth } from '@/features/auth/store';
import { LeftUsersPage } from '@/features/user-admin/components/left-users-page';
import { isAdmin } from '@/lib/roles';

/** Managers read the leavers; only admins run the leave process (config/access.ts gates the route). */
export default function UsersLeftRoute() {
  const role = useAuth((s) => s.user.data?.roleType);
  return <LeftUsersPage canProcess={isAdmin(role)} />;
}
