import { AdminTaskUpdatePage } from '@/features/tasks/components/admin-task-pages';

export default function TaskUpdateRoute() {
  return <AdminTaskUpdatePage />;
}
