import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { List, ListRow } from '@/components/list';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { href } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { type Task, TASK_STATUS_LABEL, taskTypeLabel } from '@/lib/tasks';

interface Props {
  title: string;
  tasks: Task[];
  /** Show the project and work each task sits in (lists across works). */
  showWork?: boolean;
  empty?: string;
  testId?: string;
}

/** A panel of task rows linking to each task (the task list and a work's page). */
export function TaskRows({ title, tasks, showWork = false, empty = 'タスクはありません。', testId }: Props) {
  return (
    <Panel title={`${title}（${tasks.length}件）`}>
      {tasks.length === 0 && <Muted>{empty}</Muted>}
      <List data-testid={testId}>
        {tasks.map((task) => (
          <ListRow key={task.id}>
            <div>
              <Link to={href('task', { taskId: task.id })}>
                <strong>{task.title}</strong>
              </Link>
              <br />
              <small>
                {taskTypeLabel(task.type)}
                {showWork && `・${task.projectName} / ${task.workName}`}
                ・納期 {task.dueDate ? formatDate(task.dueDate) : '未定'}
              </small>
            </div>
            <Badge $tone={task.status === 'done' ? 'muted' : 'brand'}>{TASK_STATUS_LABEL[task.status] ?? task.status}</Badge>
          </ListRow>
        ))}
      </List>
    </Panel>
  );
}

/** A table cell naming a task (a link to it) over the project and work it sits in. */
export function TaskCell({ task }: { task: { taskId: number; title: string; projectName: string; workName: string } }) {
  return (
    <td>
      <Link to={href('task', { taskId: task.taskId })}>{task.title}</Link>
      <Muted>
        {task.projectName}／{task.workName}
      </Muted>
    </td>
  );
}
