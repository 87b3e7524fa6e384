import { AdminCompletedDatePage } from '@/features/tasks/components/admin-task-pages';
import { StaffOnly } from '../access';

export default function CompletedDateRoute() {
  return (
    <StaffOnly>
      <AdminCompletedDatePage />
    </StaffOnly>
  );
}
