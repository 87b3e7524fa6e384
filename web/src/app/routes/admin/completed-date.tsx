import { AdminCompletedDatePage } from '@/features/tasks/components/admin-task-pages';

export default function CompletedDateRoute() {
  return <AdminCompletedDatePage />;
}
