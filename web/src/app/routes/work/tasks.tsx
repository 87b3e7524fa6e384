import { TasksPage } from '@/features/tasks/components/tasks-page';
import { useViewer } from '../access';

export default function TasksRoute() {
  return <TasksPage viewer={useViewer()} />;
}
