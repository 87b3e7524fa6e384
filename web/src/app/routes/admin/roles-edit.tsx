import { useAuth } from '@/features/auth/store';
import { RoleEditPage } from '@/features/user-admin/components/role-edit-page';

/** Admins only (config/access.ts gates the route). */
export default function RolesEditRoute() {
  const ownUserId = useAuth((s) => s.user.data?.id ?? 0);
  return <RoleEditPage ownUserId={ownUserId} />;
}
