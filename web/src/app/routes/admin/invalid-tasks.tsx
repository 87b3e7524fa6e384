import { AdminInvalidTasksPage } from '@/features/tasks/components/admin-task-pages';
import { StaffOnly } from '../access';

export default function InvalidTasksRoute() {
  return (
    <StaffOnly>
      <AdminInvalidTasksPage />
    </StaffOnly>
  );
}
