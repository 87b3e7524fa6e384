import { AdminInvalidTasksPage } from '@/features/tasks/components/admin-task-pages';

export default function InvalidTasksRoute() {
  return <AdminInvalidTasksPage />;
}
