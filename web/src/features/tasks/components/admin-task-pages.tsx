/** Staff tools on tasks: completed dates, invalidation, and editing any task. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { DatePicker } from '@/components/date-picker';
import { FormGrid, InlineForm } from '@/components/form-grid';
import { PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { RadioCards } from '@/components/radio-cards';
import { TaskTypeSelect } from '@/components/task-type-select';
import { useServerErrors } from '@/components/server-errors';
import { TextArea, TextField } from '@/components/text-field';
import { href } from '@/config/paths';
import { describeWithLabels, ruleMessage } from '@/lib/errors';
import type { FieldMapping } from '@/lib/forms';
import { toDateInput, toHalfWidthDigits } from '@/lib/format';
import { describeTaskRule, TASK_STATUSES, TASK_STATUS_LABEL } from '@/lib/tasks';
import { useSubmit } from '@/lib/use-submit';
import { tasksApi } from '../api';
import {
  completedDateSchema,
  invalidTasksSchema,
  TASK_TITLE_MAX,
  taskUpdateSchema,
  type CompletedDateFormValues,
  type CompletedDateValues,
  type InvalidTasksFormValues,
  type InvalidTasksValues,
  type TaskForm,
  type TaskType,
} from '../schema';
import type { AdminTaskChange, TaskDetail } from '../types';

const ADMIN_FIELDS: Record<string, string> = {
  task_ids: 'タスクID',
  completed_date: '完了日',
  title: 'タイトル',
  type: '作業種別',
  status: 'ステータス',
  due_date: '納期',
  order_date: '発注日',
  reward_amount: '報酬',
};
const describeAdmin = describeWithLabels(ADMIN_FIELDS, describeTaskRule);
const TASK_ID_RULES: Record<string, string> = { exists: '存在しないタスクです', 'status:done': '完了していないタスクです' };

/** Rules keyed `task_ids.{i}` refer to the i-th id sent: the line names that task and why. */
const describeIds =
  (taskIds: number[]) =>
  (field: string, rule: string): string => {
    const index = /^task_ids\.(\d+)$/.exec(field)?.[1];
    if (index === undefined) return describeAdmin(field, rule);
    const id = taskIds[Number(index)];
    return `${id === undefined ? 'タスクID' : `タスクID ${id}`}: ${TASK_ID_RULES[rule] ?? ruleMessage(rule)}`;
  };
const STATUS_OPTIONS = TASK_STATUSES.map((status) => ({ value: status, label: TASK_STATUS_LABEL[status] }));
/** These tools show every server rule in their alert: no field takes one. */
const noField = () => undefined;

/**
 * A 422 of the id tools names no field of the form: every rule goes to the alert, worded with the
 * ids last sent (read when the answer comes, so a ref rather than state).
 */
function useIdsServerErrors(fallback: string) {
  const sent = useRef<number[]>([]);
  const mapping: FieldMapping = (field, rule) => ({ field: null, message: describeIds(sent.current)(field, rule) });
  const { run, alert } = useServerErrors(mapping, noField, fallback);
  const send = <R,>(taskIds: number[], call: () => Promise<R>) => {
    sent.current = taskIds;
    return run(call);
  };
  return { send, alert };
}

function TaskIdsField({ error, ...field }: { error?: string } & UseFormRegisterReturn) {
  return <TextArea label="タスクID（カンマまたは改行区切り）" rows={3} error={error ?? null} placeholder="例: 12, 34" {...field} />;
}

export function AdminCompletedDatePage() {
  // The ids' message is checked again on the next submit only, as before the schema.
  const form = useForm<CompletedDateFormValues, unknown, CompletedDateValues>({ resolver: zodResolver(completedDateSchema), reValidateMode: 'onSubmit', defaultValues: { taskIds: '', completedDate: '' } });
  const [ids, date] = useWatch({ control: form.control, name: ['taskIds', 'completedDate'] });
  const { send, alert } = useIdsServerErrors('完了日の更新に失敗しました');
  const [updated, setUpdated] = useState<number | null>(null);
  const onSubmit = form.handleSubmit(async ({ taskIds, completedDate }) => {
    setUpdated(null);
    const answer = await send(taskIds, () => tasksApi.adminCompletedDate(taskIds, completedDate));
    if (answer) setUpdated(answer.updated);
  });
  return (
    <>
      <PageTitle>完了日更新</PageTitle>
      <Panel title="タスクの完了日を更新">
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <TaskIdsField error={form.formState.errors.taskIds?.message} {...form.register('taskIds')} />
          <Controller control={form.control} name="completedDate" render={({ field }) => <DatePicker label="完了日" value={field.value} onChange={field.onChange} />} />
          {alert}
          {updated !== null && <p role="status">{updated}件のタスクの完了日を更新しました</p>}
          <Button type="submit" $variant="primary" disabled={form.formState.isSubmitting || !ids.trim() || !date}>
            完了日を更新
          </Button>
        </form>
      </Panel>
    </>
  );
}

export function AdminInvalidTasksPage() {
  const form = useForm<InvalidTasksFormValues, unknown, InvalidTasksValues>({ resolver: zodResolver(invalidTasksSchema), reValidateMode: 'onSubmit', defaultValues: { taskIds: '' } });
  const ids = useWatch({ control: form.control, name: 'taskIds' });
  const { send, alert } = useIdsServerErrors('タスクの無効化に失敗しました');
  const [updated, setUpdated] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const onSubmit = form.handleSubmit(async ({ taskIds }) => {
    if (!(await confirm({ title: `${taskIds.length}件のタスクを無効にしますか？`, confirmLabel: '無効にする', testId: 'confirm-invalid-tasks' }))) return;
    setUpdated(null);
    const answer = await send(taskIds, () => tasksApi.adminInvalid(taskIds));
    if (answer) setUpdated(answer.updated);
  });
  return (
    <>
      <PageTitle>タスク無効化</PageTitle>
      <Panel title="タスクを無効にする">
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <TaskIdsField error={form.formState.errors.taskIds?.message} {...form.register('taskIds')} />
          {alert}
          {updated !== null && <p role="status">{updated}件のタスクを無効にしました</p>}
          <Button type="submit" $variant="warning" disabled={form.formState.isSubmitting || !ids.trim()}>
            タスクを無効にする
          </Button>
        </form>
      </Panel>
      {dialog}
    </>
  );
}

const formOf = (task: TaskDetail): TaskForm => ({
  title: task.title,
  type: task.type as TaskType,
  status: task.status,
  dueDate: toDateInput(task.dueDate),
  orderDate: toDateInput(task.orderDate),
  completedDate: toDateInput(task.completedDate),
  rewardAmount: task.rewardAmount === null ? '' : String(task.rewardAmount),
});

/** Only what changed is sent; a cleared date is sent empty (the server clears it), a cleared reward is left alone. */
function taskChanges(before: TaskForm, after: TaskForm): AdminTaskChange {
  const change: AdminTaskChange = {};
  if (after.title !== before.title) change.title = after.title.trim();
  if (after.type !== before.type) change.type = after.type;
  if (after.status !== before.status) change.status = after.status;
  if (after.dueDate !== before.dueDate) change.dueDate = after.dueDate;
  if (after.orderDate !== before.orderDate) change.orderDate = after.orderDate;
  if (after.completedDate !== before.completedDate) change.completedDate = after.completedDate;
  const reward = toHalfWidthDigits(after.rewardAmount.trim());
  if (after.rewardAmount !== before.rewardAmount && reward) change.rewardAmount = Number(reward);
  return change;
}

/** A 422 of a task's change names fields of the request: the alert words each with its label, as the screen always has. */
const ADMIN_RULES: FieldMapping = (field, rule) => ({ field: null, message: describeAdmin(field, rule) });

export function AdminTaskUpdatePage() {
  const [idText, setIdText] = useState('');
  const [loaded, setLoaded] = useState<{ task: TaskDetail | null; count: number }>({ task: null, count: 0 });
  const load = useSubmit(tasksApi.show, 'タスクの取得に失敗しました');

  const onLoad = async (event: FormEvent) => {
    event.preventDefault();
    const id = Number(toHalfWidthDigits(idText.trim()));
    if (!Number.isInteger(id) || id <= 0) return;
    const task = await load.run(id);
    setLoaded((last) => ({ task, count: last.count + 1 }));
  };

  return (
    <>
      <PageTitle>タスク更新</PageTitle>
      <Panel title="タスクを読み込む">
        <form onSubmit={onLoad}>
          <InlineForm>
            <TextField label="タスクID" inputMode="numeric" value={idText} onChange={(e) => setIdText(e.target.value)} placeholder="例: 12" />
            <Button type="submit" disabled={load.loading || !idText.trim()}>
              読み込む
            </Button>
          </InlineForm>
          <ErrorAlert error={load.error} />
        </form>
      </Panel>
      {/* Each load starts the form afresh: the task's values, no earlier save's message; a failed one leaves none. */}
      {loaded.task && <TaskUpdateForm key={loaded.count} task={loaded.task} />}
    </>
  );
}

function TaskUpdateForm({ task }: { task: TaskDetail }) {
  // Checked as it is typed: the reward's message and the disabled button follow every keystroke.
  const form = useForm<TaskForm>({ resolver: zodResolver(taskUpdateSchema), mode: 'onChange', defaultValues: formOf(task) });
  const { run, failure, alert } = useServerErrors(ADMIN_RULES, noField, 'タスクの更新に失敗しました');
  // Changes are measured against the task as last saved (or as loaded, before any save).
  const [saved, setSaved] = useState<TaskDetail | null>(null);
  const base = saved ?? task;
  const { errors, isSubmitting } = form.formState;
  const rewardInvalid = !taskUpdateSchema.shape.rewardAmount.safeParse(useWatch({ control: form.control, name: 'rewardAmount' })).success;

  const onSave = form.handleSubmit(async (values) => {
    const updated = await run(() => tasksApi.adminUpdate(base.id, taskChanges(formOf(base), values)));
    if (updated) {
      setSaved(updated);
      form.reset(formOf(updated));
    }
  });

  return (
    <Panel title={<Link to={href('task', { taskId: task.id })}>タスク {task.id}</Link>}>
      <form onSubmit={(e) => void onSave(e)} noValidate>
        <TextField label="タイトル" maxLength={TASK_TITLE_MAX} error={errors.title?.message} {...form.register('title')} />
        <Controller control={form.control} name="type" render={({ field }) => <TaskTypeSelect value={field.value} onChange={field.onChange} />} />
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => <RadioCards legend="ステータス" options={STATUS_OPTIONS} value={field.value} onChange={field.onChange} minCardWidth={110} />}
        />
        <FormGrid>
          <Controller control={form.control} name="orderDate" render={({ field }) => <DatePicker label="発注日" value={field.value} onChange={field.onChange} />} />
          <Controller control={form.control} name="dueDate" render={({ field }) => <DatePicker label="納期" value={field.value} onChange={field.onChange} />} />
          <Controller control={form.control} name="completedDate" render={({ field }) => <DatePicker label="完了日" value={field.value} onChange={field.onChange} />} />
        </FormGrid>
        <TextField label="報酬（円）" inputMode="numeric" error={errors.rewardAmount?.message} {...form.register('rewardAmount')} />
        {alert}
        {saved && !failure && <p role="status">タスクを更新しました</p>}
        <Button type="submit" $variant="primary" disabled={isSubmitting || rewardInvalid}>
          タスクを更新
        </Button>
      </form>
    </Panel>
  );
}
