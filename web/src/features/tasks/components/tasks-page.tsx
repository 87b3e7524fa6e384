import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Inline } from '@/components/list';
import { Muted, PageTitle } from '@/components/page';
import { TaskRows } from '@/components/task-rows';
import type { Viewer } from '@/lib/roles';
import { TASK_STATUSES, TASK_STATUS_LABEL } from '@/lib/tasks';
import { useCatchUp } from '@/lib/socket';
import { useTaskUpdated } from '../live';
import { sanitizeStatuses } from '../logic';
import { useTasks } from '../store';

const STATUS_KEY = 'status[]';

/** The caller's tasks (a client's: all of its client's), filtered by `status[]` in the URL. */
export function TasksPage({ viewer }: { viewer: Viewer }) {
  const [params, setParams] = useSearchParams();
  const statuses = sanitizeStatuses(params.getAll(STATUS_KEY));
  const statusKey = statuses.join(',');
  const { list, fetchList, refetchList } = useTasks();

  useEffect(() => {
    void fetchList(statusKey ? statusKey.split(',') : [], viewer.clientId);
  }, [fetchList, statusKey, viewer.clientId]);
  useCatchUp(() => void refetchList());
  useTaskUpdated(() => void refetchList());

  const setStatuses = (next: string[]) => {
    const query = new URLSearchParams();
    next.forEach((status) => query.append(STATUS_KEY, status));
    setParams(query);
  };
  const toggle = (status: string) => setStatuses(statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status]);

  return (
    <>
      <PageTitle>タスク一覧</PageTitle>
      <Inline role="group" aria-label="ステータスで絞り込む" style={{ marginBottom: 16 }}>
        <Button type="button" $size="sm" $minWidth={80} $variant={statuses.length === 0 ? 'primary' : 'default'} aria-pressed={statuses.length === 0} onClick={() => setStatuses([])}>
          すべて
        </Button>
        {TASK_STATUSES.map((status) => (
          <Button
            key={status}
            type="button"
            $size="sm"
            $minWidth={80}
            $variant={statuses.includes(status) ? 'primary' : 'default'}
            aria-pressed={statuses.includes(status)}
            onClick={() => toggle(status)}
          >
            {TASK_STATUS_LABEL[status]}
          </Button>
        ))}
      </Inline>
      <ErrorAlert error={list.error} />
      {list.loading && list.data.tasks.length + list.data.directionTasks.length === 0 && <Muted>読み込み中…</Muted>}
      {list.data.directionTasks.length > 0 && <TaskRows title="ディレクションタスク" tasks={list.data.directionTasks} showWork testId="direction-task-list" />}
      <TaskRows title="タスク" tasks={list.data.tasks} showWork testId="task-list" />
    </>
  );
}
