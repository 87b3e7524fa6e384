/** Tab completed_task_payments: the month's done tasks and the creator each pays, confirmed or not. */
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { TaskCell } from '@/components/task-rows';
import { displayDate } from '@/lib/calendar';
import { formatNumber, formatYen } from '@/lib/format';
import { taskTypeLabel } from '@/lib/tasks';
import { usePayments } from '../store';
import type { MonthLinks } from '../types';
import { useMonthPage } from '../use-month-page';
import { MonthHeader } from './month-header';

export function CompletedTasksTab({ year, month, hrefFor, onPick }: MonthLinks) {
  const { completedTasks, fetchCompletedTasks } = usePayments();
  const { data, setPage } = useMonthPage(completedTasks, fetchCompletedTasks, year, month);
  return (
    <>
      <MonthHeader year={year} month={month} state={data} hrefFor={hrefFor} onPick={onPick} />
      <ErrorAlert error={completedTasks.error} />
      {!data && completedTasks.loading && <Muted>読み込み中…</Muted>}
      {data && (
        <Panel title={`完了タスク（${formatNumber(data.total)}件）`}>
          {data.tasks.length === 0 ? (
            <Muted>この月に完了したタスクはありません。タスクが検収されて完了すると、ここに支払い対象として表示されます。</Muted>
          ) : (
            <DataTable data-testid="completed-task-payments" aria-busy={completedTasks.loading}>
              <thead>
                <tr>
                  <th>完了日</th>
                  <th>受領日／支払期日</th>
                  <th>クリエイター</th>
                  <th>媒体</th>
                  <th>タスク</th>
                  <th>種別</th>
                  <th className="number">報酬（税抜）</th>
                  <th>状態</th>
                </tr>
              </thead>
              <tbody>
                {data.tasks.map((task) => (
                  <tr key={`${task.taskId}-${task.creator.id}`} data-testid="completed-task-payment">
                    <td>{task.completedDate ? displayDate(task.completedDate) : '—'}</td>
                    <td>
                      {task.receivedOn && task.paymentDueDate ? (
                        <>
                          {displayDate(task.receivedOn)}／{displayDate(task.paymentDueDate)}
                          {task.isPaidLate && (
                            <>
                              {' '}
                              <Badge $tone="alert" title="受領月の報酬確定後に検収されたため、発注書の支払期日より後のお振込みになります。">
                                支払期日超過
                              </Badge>
                            </>
                          )}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>{task.creator.userName}</td>
                    <td>{task.mediaName}</td>
                    <TaskCell task={task} />
                    <td>{taskTypeLabel(task.taskType)}</td>
                    <td className="number">{formatYen(task.rewardAmount)}</td>
                    <td>{task.isConfirmed ? <Badge $tone="brand">確定</Badge> : <Badge $tone="muted">未確定</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          {data.tasks.some((task) => task.isPaidLate) && (
            <Muted>「支払期日超過」のタスクは、納品を受領した月の報酬確定後に検収されました。この月のお振込日が発注書の支払期日を過ぎるため、先に個別のお振込みをご検討ください。</Muted>
          )}
          <Pager paging={data} disabled={completedTasks.loading} onPage={setPage} />
        </Panel>
      )}
    </>
  );
}
