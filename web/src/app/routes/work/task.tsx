import { TaskDetailPage } from '@/features/tasks/components/task-detail-page';
import { useViewer } from '../access';

export default function TaskRoute() {
  return <TaskDetailPage viewer={useViewer()} />;
}
