import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Inline } from '@/components/list';
import { ErrorText, Field, Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { TaskRows } from '@/components/task-rows';
import { TaskTypeSelect } from '@/components/task-type-select';
import { href } from '@/config/paths';
import { describeWithLabels } from '@/lib/errors';
import { parseIdList, toHalfWidthDigits } from '@/lib/format';
import { isStaff, type Viewer } from '@/lib/roles';
import { describeTaskRule } from '@/lib/tasks';
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

function Assignees({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { users, fetchUsers } = useWorkDetail();
  useEffect(() => {
    void fetchUsers();
  }, [fetchUsers]);
  if (users.data && users.data.length > 0) {
    return (
      <Field>
        担当者
        <select multiple value={value} onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => o.value))} size={Math.min(6, users.data.length)}>
          {users.data.map((user) => (
            <option key={user.id} value={String(user.id)}>
              {user.userName}（ID: {user.id}）
            </option>
          ))}
        </select>
      </Field>
    );
  }
  // No user list to choose from: the ids are typed.
  return (
    <Field>
      担当者のユーザーID（カンマ区切り）
      <input inputMode="numeric" value={value.join(',')} onChange={(e) => onChange(e.target.value.split(','))} placeholder="例: 1, 2" />
    </Field>
  );
}

function CreateTaskForm() {
  const { create, createTask } = useWorkDetail();
  const [type, setType] = useState('writing');
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [reward, setReward] = useState('');
  const [tags, setTags] = useState('');
  const [assignees, setAssignees] = useState<string[]>([]);
  const [localError, setLocalError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const assigneeIds = assignees.join(',').trim() ? parseIdList(assignees.join(',')) : [];
    const rewardText = toHalfWidthDigits(reward.trim());
    if (assigneeIds === null) return setLocalError('担当者のユーザーIDは半角数字で入力してください');
    if (rewardText && !/^\d+$/.test(rewardText)) return setLocalError('報酬は半角数字で入力してください');
    setLocalError('');
    const ok = await createTask({
      type,
      title: title.trim(),
      dueDate: dueDate || undefined,
      rewardAmount: rewardText ? Number(rewardText) : undefined,
      tags: splitTags(tags),
      assigneeIds,
    });
    if (ok) {
      setTitle('');
      setDueDate('');
      setReward('');
      setTags('');
      setAssignees([]);
    }
  };

  return (
    <form onSubmit={submit}>
      <Field>
        作業種別
        <TaskTypeSelect value={type} onChange={(e) => setType(e.target.value)} />
      </Field>
      <Field>
        タイトル
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      </Field>
      <Field>
        納期
        <input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
      </Field>
      <Field>
        報酬（円）
        <input inputMode="numeric" value={reward} onChange={(e) => setReward(e.target.value)} />
      </Field>
      <Field>
        タグ（カンマ区切り）
        <input value={tags} onChange={(e) => setTags(e.target.value)} />
      </Field>
      <Assignees value={assignees} onChange={setAssignees} />
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
export function WorkPage({ viewer }: { viewer: Viewer }) {
  const params = useParams();
  const projectId = Number(params.projectId);
  const workId = Number(params.productId);
  const { work, fetch } = useWorkDetail();
  useEffect(() => {
    void fetch(projectId, workId);
  }, [fetch, projectId, workId]);

  const data = work.data?.id === workId ? work.data : null;
  if (!data) {
    return (
      <>
        <PageTitle>作品詳細</PageTitle>
        {work.loading ? <Muted>読み込み中…</Muted> : <ErrorAlert error={work.error} />}
      </>
    );
  }
  const editable = isStaff(viewer.role) || (viewer.clientId !== null && viewer.clientId === data.clientId);

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
            <CreateTaskForm />
          </Panel>
          <Panel title="スプレッドシートで登録">
            <Spreadsheets work={data} />
          </Panel>
        </>
      )}
    </>
  );
}
