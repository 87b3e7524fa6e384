import { AdminTaskUpdatePage } from '@/features/tasks/components/admin-task-pages';
import { StaffOnly } from '../access';

export default function TaskUpdateRoute() {
  return (
    <StaffOnly>
      <AdminTaskUpdatePage />
    </StaffOnly>
  );
}
