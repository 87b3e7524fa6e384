import { useParams } from 'react-router';
import { ManuscriptSection } from '@/features/manuscripts/components/manuscript-section';
import { TaskDetailPage } from '@/features/tasks/components/task-detail-page';
import { useViewer } from '../access';

export default function TaskRoute() {
  const taskId = Number(useParams().taskId);
  return (
    <TaskDetailPage viewer={useViewer()}>
      {/* key: a section of another task starts afresh. */}
      <ManuscriptSection key={taskId} taskId={taskId} />
    </TaskDetailPage>
  );
}
