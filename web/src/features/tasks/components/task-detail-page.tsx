import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { DescriptionList } from '@/components/description-list';
import { ResumableUploader } from '@/components/resumable-uploader';
import { SignedVideo } from '@/components/signed-video';
import { Inline, List, ListRow } from '@/components/list';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { RadioCards } from '@/components/radio-cards';
import { deniedPage } from '@/components/status-page';
import { TextArea, TextField } from '@/components/text-field';
import { href } from '@/config/paths';
import { saveBlob } from '@/lib/download';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import type { FileView } from '@/lib/files';
import type { Viewer } from '@/lib/roles';
import { describeTaskRule, TASK_STATUS_LABEL, taskTypeLabel } from '@/lib/tasks';
import { useCatchUp } from '@/lib/socket';
import { tasksApi } from '../api';
import { useTaskUpdated } from '../live';
import { useTasks } from '../store';
import type { DeliveryFile, TaskDetail } from '../types';

const ASSIGNEE_STATE: Record<string, string> = { offered: 'オファー中', taken: '受注済み', declined: '辞退' };
const SCAN_LABEL: Record<string, string> = { scanning: 'ウイルスチェック中', clean: '', infected: 'ウイルスが検出されました' };
const RESULT_LABEL: Record<string, string> = { accepted: '検収済み', rejected: '差し戻し' };

async function download(file: DeliveryFile) {
  try {
    const answer = await tasksApi.file(file.fileId);
    saveBlob(answer.blob, answer.fileName ?? file.name);
  } catch {
    // The error banner already tells the person.
  }
}

const dateOrDash = (value: string | null) => (value ? formatDate(value) : '—');

function Summary({ task }: { task: TaskDetail }) {
  return (
    <DescriptionList
      testId="task-summary"
      items={[
        { term: '種別', detail: taskTypeLabel(task.type) },
        {
          term: 'ステータス',
          detail: (
            <Inline>
              <Badge data-testid="task-status">{TASK_STATUS_LABEL[task.status] ?? task.status}</Badge>
              {task.isInvalid && <Badge $tone="alert">無効</Badge>}
            </Inline>
          ),
        },
        {
          term: 'プロジェクト・作品',
          detail: (
            <>
              <Link to={href('project', { projectId: task.projectId })}>{task.projectName}</Link>
              {' / '}
              <Link to={href('product', { projectId: task.projectId, productId: task.workId })}>{task.workName}</Link>
            </>
          ),
        },
        { term: '発注日', detail: dateOrDash(task.orderDate) },
        { term: '納期', detail: dateOrDash(task.dueDate) },
        { term: '完了日', detail: dateOrDash(task.completedDate) },
        { term: '報酬', detail: task.rewardAmount === null ? '—' : `${formatNumber(task.rewardAmount)}円` },
        task.tags.length > 0 && { term: 'タグ', detail: task.tags.join('、') },
        {
          term: '担当者',
          detail: task.assignees.length === 0 ? '—' : task.assignees.map((a) => `${a.userName}（${ASSIGNEE_STATE[a.state] ?? a.state}）`).join('、'),
        },
        { term: '更新日時', detail: formatDateTime(task.updatedAt) },
      ]}
    />
  );
}

const METHODS = [
  { value: 'file', label: 'ファイルで納品', icon: '📎', description: '原稿や画像などのファイルを送ります' },
  { value: 'external', label: 'URLで納品', icon: '🔗', description: '共有フォルダや公開先のURLを送ります' },
];

function DeliveryForms({ userId }: { userId: number }) {
  const { delivery, deliverFiles, deliverUrl } = useTasks();
  const [method, setMethod] = useState('file');
  const [uploaded, setUploaded] = useState<{ files: FileView[]; busy: boolean }>({ files: [], busy: false });
  const [uploads, setUploads] = useState(0);
  const [url, setUrl] = useState('');
  const submitFiles = async (event: FormEvent) => {
    event.preventDefault();
    if (await deliverFiles(uploaded.files.map((file) => file.id))) setUploads((n) => n + 1);
  };
  const submitUrl = async (event: FormEvent) => {
    event.preventDefault();
    if (await deliverUrl(url.trim(), userId)) setUrl('');
  };
  return (
    <>
      <RadioCards legend="納品方法" options={METHODS} value={method} onChange={setMethod} minCardWidth={200} />
      <ErrorAlert error={delivery.error} describe={describeTaskRule} />
      {method === 'file' ? (
        <form onSubmit={submitFiles}>
          <ResumableUploader
            label="納品ファイル"
            use="delivery"
            multiple
            key={uploads}
            disabled={delivery.loading}
            onFiles={(files, busy) => setUploaded({ files, busy })}
          />
          <Button type="submit" $variant="primary" disabled={delivery.loading || uploaded.busy || uploaded.files.length === 0}>
            ファイルを納品する
          </Button>
        </form>
      ) : (
        <form onSubmit={submitUrl}>
          <TextField label="納品URL" type="url" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} />
          <Button type="submit" $variant="primary" disabled={delivery.loading || !url.trim()}>
            URLを納品する
          </Button>
        </form>
      )}
    </>
  );
}

function InspectionForm() {
  const { action, inspect } = useTasks();
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const reject = async () => {
    if (!reason.trim()) {
      setMissingReason(true);
      return;
    }
    setMissingReason(false);
    if (await inspect('rejected', reason.trim())) setReason('');
  };
  return (
    <>
      <TextArea
        label="差し戻し理由"
        hint="差し戻すときは理由を書いてください"
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={2000}
        error={missingReason ? '差し戻し理由を入力してください' : null}
      />
      <Inline>
        <Button type="button" $variant="primary" disabled={action.loading} onClick={() => inspect('accepted')}>
          検収する
        </Button>
        <Button type="button" $variant="warning" $outlined disabled={action.loading} onClick={reject}>
          差し戻す
        </Button>
      </Inline>
    </>
  );
}

/** `children`: sections other features add under the task's information (the route composes them), shown once the task is loaded. */
export function TaskDetailPage({ viewer, children }: { viewer: Viewer; children?: ReactNode }) {
  const taskId = Number(useParams().taskId);
  const navigate = useNavigate();
  const { task, action, fetchTask, take, decline } = useTasks();
  const { confirm, dialog } = useConfirm();
  useEffect(() => {
    void fetchTask(taskId);
  }, [fetchTask, taskId]);
  useCatchUp(() => void fetchTask(taskId));
  useTaskUpdated((task) => {
    if (task.id === taskId) void fetchTask(taskId);
  });

  const data = task.data?.id === taskId ? task.data : null;
  if (!data) {
    const denied = !task.loading && deniedPage(task.error);
    if (denied) return denied;
    return (
      <>
        <PageTitle>タスク詳細</PageTitle>
        {task.loading ? <Muted>読み込み中…</Muted> : <ErrorAlert error={task.error} />}
      </>
    );
  }
  const onDecline = async () => {
    if (!(await confirm({ title: `「${data.title}」の依頼を辞退しますか？`, confirmLabel: '辞退する', testId: 'confirm-decline' }))) return;
    if (await decline()) navigate(href('tasks'));
  };
  const { externals, type } = data.deliveries;

  return (
    <>
      <PageTitle>{data.title}</PageTitle>
      <ErrorAlert error={action.error} describe={describeTaskRule} />
      <Panel
        title="タスク情報"
        actions={
          (data.canTake || data.canDecline) && (
            <Inline>
              {data.canTake && (
                <Button type="button" $variant="primary" disabled={action.loading} onClick={() => take()}>
                  受注する
                </Button>
              )}
              {data.canDecline && (
                <Button type="button" $variant="warning" $outlined disabled={action.loading} onClick={onDecline}>
                  辞退する
                </Button>
              )}
            </Inline>
          )
        }
      >
        <Summary task={data} />
      </Panel>

      {children}

      <Panel title="納品物" testId="deliveries">
        {data.deliveryFiles.length === 0 && externals.length === 0 && <Muted>まだ納品されていません。</Muted>}
        {type && <Muted>納品方法: {type === 'external' ? '外部URL' : 'ファイル'}</Muted>}
        <List>
          {data.deliveryFiles.map((file) => (
            <ListRow key={`file-${file.id}`}>
              <div>
                {file.antiVirusCheckScanStatus === 'clean' && file.contentType.startsWith('video/') && <SignedVideo fileId={file.fileId} name={file.name} />}
                <Button type="button" $size="xsm" $minWidth={0} disabled={file.antiVirusCheckScanStatus !== 'clean'} onClick={() => download(file)}>
                  📎 {file.name}
                </Button>
              </div>
              <small>
                {file.manuscriptVersionName && <span data-testid="delivery-manuscript-version">原稿「{file.manuscriptVersionName}」を納品 </span>}
                {SCAN_LABEL[file.antiVirusCheckScanStatus]} {formatDateTime(file.createdAt)}
              </small>
            </ListRow>
          ))}
          {externals.map((external) => (
            <ListRow key={`url-${external.id}`}>
              <a style={{ overflowWrap: 'anywhere' }} href={external.url} target="_blank" rel="noopener noreferrer">
                {external.url}
              </a>
            </ListRow>
          ))}
        </List>
        {data.canDeliver && (
          <div style={{ marginTop: 16 }}>
            <DeliveryForms userId={viewer.userId} />
          </div>
        )}
      </Panel>

      {data.canInspect && (
        <Panel title="検収">
          <InspectionForm />
        </Panel>
      )}

      <Panel title="検収履歴">
        {data.inspections.length === 0 && <Muted>検収の記録はありません。</Muted>}
        <List>
          {data.inspections.map((inspection, index) => (
            <ListRow key={`${inspection.createdAt}-${index}`}>
              <div>
                <Badge $tone={inspection.result === 'accepted' ? 'brand' : 'alert'}>{RESULT_LABEL[inspection.result] ?? inspection.result}</Badge>
                {inspection.reason && <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{inspection.reason}</p>}
              </div>
              <small>{formatDateTime(inspection.createdAt)}</small>
            </ListRow>
          ))}
        </List>
      </Panel>
      {dialog}
    </>
  );
}
