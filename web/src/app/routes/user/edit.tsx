import { useAuth } from '@/features/auth/store';
import { UserEditPage } from '@/features/users/components/user-edit-page';

export default function UserEditRoute() {
  const user = useAuth((s) => s.user.data);
  return <UserEditPage user={user} />;
}
