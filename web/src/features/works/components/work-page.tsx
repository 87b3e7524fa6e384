import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Inline } from '@/components/list';
import { DatePicker } from '@/components/date-picker';
import { FormGrid } from '@/components/form-grid';
import { ErrorText, Muted, PageTitle } from '@/components/page';
import { PeoplePicker } from '@/components/people-picker';
import { deniedPage } from '@/components/status-page';
import { Panel } from '@/components/panel';
import { TaskRows } from '@/components/task-rows';
import { TaskTypeSelect } from '@/components/task-type-select';
import { TextField } from '@/components/text-field';
import { href } from '@/config/paths';
import { describeWithLabels } from '@/lib/errors';
import { parseIdList, toHalfWidthDigits } from '@/lib/format';
import { describeTaskRule, isTaskType, type Task, type TaskType } from '@/lib/tasks';
import { useCatchUp } from '@/lib/socket';
import { useWorkDetail } from '../store';
import { SHEET_LABEL, type SheetKind, type Work } from '../types';
import { SheetUpload } from './sheet-upload';

const TASK_FIELDS: Record<string, string> = {
  type: '作業種別',
  title: 'タイトル',
  due_date: '納期',
  reward_amount: '報酬',
  tags: 'タグ',
  assignee_ids: '担当者',
};

const splitTags = (text: string) =>
  text
    .split(/[,、，\n]/)
    .map((t) => t.trim())
    .filter(Boolean);

/** What the page reports once a task is made: the route says so (the flash, with the way to the task). */
export type OnTaskCreated = (task: Task) => void;

function CreateTaskForm({ onCreated }: { onCreated?: OnTaskCreated }) {
  const { create, createTask, users, fetchUsers } = useWorkDetail();
  const [type, setType] = useState<TaskType>('writing');
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [reward, setReward] = useState('');
  const [tags, setTags] = useState('');
  const [assignees, setAssignees] = useState<number[]>([]);
  // No user list to choose from: the ids are typed.
  const [typedIds, setTypedIds] = useState('');
  const [localError, setLocalError] = useState('');
  useEffect(() => {
    void fetchUsers();
  }, [fetchUsers]);
  const people = (users.data ?? []).map((user) => ({ id: user.id, name: user.userName, detail: `ID: ${user.id}` }));
  const pickable = people.length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const assigneeIds = pickable ? assignees : typedIds.trim() ? parseIdList(typedIds) : [];
    const rewardText = toHalfWidthDigits(reward.trim());
    if (assigneeIds === null) return setLocalError('担当者のユーザーIDは半角数字で入力してください');
    if (rewardText && !/^\d+$/.test(rewardText)) return setLocalError('報酬は半角数字で入力してください');
    setLocalError('');
    const created = await createTask({
      type,
      title: title.trim(),
      dueDate: dueDate || undefined,
      rewardAmount: rewardText ? Number(rewardText) : undefined,
      tags: splitTags(tags),
      assigneeIds,
    });
    if (created) {
      onCreated?.(created);
      setTitle('');
      setDueDate('');
      setReward('');
      setTags('');
      setAssignees([]);
      setTypedIds('');
    }
  };

  return (
    <form onSubmit={submit}>
      <FormGrid>
        <TaskTypeSelect value={type} onChange={(value) => isTaskType(value) && setType(value)} />
        <TextField label="タイトル" required value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
        <DatePicker label="納期" value={dueDate} onChange={setDueDate} />
        <TextField label="報酬（円）" inputMode="numeric" value={reward} onChange={(e) => setReward(e.target.value)} placeholder="例: 30000" />
      </FormGrid>
      <TextField label="タグ（カンマ区切り）" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="例: 春号、インタビュー" />
      {pickable ? (
        <PeoplePicker label="担当者" people={people} value={assignees} onChange={setAssignees} hint="名前の一部かIDで検索して選びます（複数可）" />
      ) : (
        <TextField label="担当者のユーザーID（カンマ区切り）" inputMode="numeric" value={typedIds} onChange={(e) => setTypedIds(e.target.value)} placeholder="例: 1, 2" />
      )}
      {localError && <ErrorText role="alert">{localError}</ErrorText>}
      <ErrorAlert error={create.error} describe={describeWithLabels(TASK_FIELDS, describeTaskRule)} />
      <Button type="submit" $variant="primary" disabled={create.loading || !title.trim()}>
        タスクを作成
      </Button>
    </form>
  );
}

function Spreadsheets({ work }: { work: Work }) {
  const { sheet, tags, download, downloadTemplate, importTasks, importTags } = useWorkDetail();
  const kinds: SheetKind[] = work.isOperationAgency ? ['operation_agency', 'regular', 'update_tags'] : ['regular', 'update_tags'];
  return (
    <>
      <Inline>
        {kinds.map((kind) => (
          <Button key={kind} type="button" $size="sm" disabled={download.loading} onClick={() => downloadTemplate(kind)}>
            {SHEET_LABEL[kind]}をダウンロード
          </Button>
        ))}
      </Inline>
      <ErrorAlert error={download.error} />
      <SheetUpload
        label="タスク一括登録ファイル（.xlsx）"
        button="タスクを取り込む"
        state={sheet}
        done={sheet.data ? `${sheet.data.created}件を登録、${sheet.data.updated}件を更新しました` : null}
        onUpload={importTasks}
      />
      <SheetUpload
        label="タグ一括更新ファイル（.xlsx）"
        button="タグを更新"
        state={tags}
        done={tags.data ? `${tags.data.updated}件のタグを更新しました` : null}
        onUpload={importTags}
      />
    </>
  );
}

/** A work (product) of a project: its tasks, direction tasks apart, and the tools to add more. */
export function WorkPage({ onTaskCreated }: { onTaskCreated?: OnTaskCreated } = {}) {
  const params = useParams();
  const projectId = Number(params.projectId);
  const workId = Number(params.productId);
  const { work, fetch } = useWorkDetail();
  useEffect(() => {
    void fetch(projectId, workId);
  }, [fetch, projectId, workId]);
  useCatchUp(() => void fetch(projectId, workId));

  const data = work.data?.id === workId ? work.data : null;
  if (!data) {
    const denied = !work.loading && deniedPage(work.error);
    if (denied) return denied;
    return (
      <>
        <PageTitle>作品詳細</PageTitle>
        {work.loading ? <Muted>読み込み中…</Muted> : <ErrorAlert error={work.error} />}
      </>
    );
  }
  const editable = data.canEdit;

  return (
    <>
      <p style={{ margin: '0 0 4px' }}>
        <Link to={href('project', { projectId: data.projectId })}>← {data.projectName}</Link>
      </p>
      <PageTitle>
        {data.name}{' '}
        {data.isOperationAgency && <Badge $tone="muted">運用代行{data.crmOrderId ? `（注文 ${data.crmOrderId}）` : ''}</Badge>}
      </PageTitle>
      <TaskRows title="ディレクションタスク" tasks={data.directionTasks} testId="direction-task-list" empty="ディレクションタスクはありません。" />
      <TaskRows title="タスク" tasks={data.tasks} testId="task-list" />
      {editable && (
        <>
          <Panel title="タスクを作成">
            <CreateTaskForm onCreated={onTaskCreated} />
          </Panel>
          <Panel title="スプレッドシートで登録">
            <Spreadsheets work={data} />
          </Panel>
        </>
      )}
    </>
  );
}
