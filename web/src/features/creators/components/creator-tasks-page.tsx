import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Pager } from '@/components/pager';
import { TaskRows } from '@/components/task-rows';
import { useCatchUp } from '@/lib/socket';
import { useCreators } from '../store';
import { CreatorFrame } from './creator-frame';

/** /creators/{userId}/tasks: the creator's tasks the caller may see, newest first, paged (?page=). */
export function CreatorTasksPage({ creatorId }: { creatorId: number }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { tasks, fetchTasks } = useCreators();
  useEffect(() => {
    void fetchTasks(creatorId, page);
  }, [fetchTasks, creatorId, page]);
  useCatchUp(() => void fetchTasks(creatorId, page));
  const data = tasks.data;
  return (
    <CreatorFrame creatorId={creatorId}>
      {() => (
        <>
          <ErrorAlert error={tasks.error} />
          {data && (
            <>
              <TaskRows title="タスク" tasks={data.tasks} showWork testId="creator-tasks" empty="表示できるタスクはありません。" />
              <Pager paging={data} disabled={tasks.loading} onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
            </>
          )}
        </>
      )}
    </CreatorFrame>
  );
}
