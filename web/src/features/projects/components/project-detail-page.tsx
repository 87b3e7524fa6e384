import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { DataTable } from '@/components/data-table';
import { DescriptionList } from '@/components/description-list';
import { FormGrid, InlineForm } from '@/components/form-grid';
import { Inline, List, ListRow } from '@/components/list';
import { ErrorText, Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { deniedPage } from '@/components/status-page';
import { TextField } from '@/components/text-field';
import { href } from '@/config/paths';
import { describeWithLabels } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { useCatchUp } from '@/lib/socket';
import { useProjects } from '../store';
import { describeProjectRule, MOVE_LABEL, STATUS_LABEL, type WorkSummary } from '../types';

const describeWrite = describeWithLabels({ name: '作品名', crm_order_id: 'CRM注文ID', status: 'ステータス' }, describeProjectRule);

function WorkRow({ projectId, work, editable }: { projectId: number; work: WorkSummary; editable: boolean }) {
  const { write, renameWork, deleteWork } = useProjects();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(work.name);
  const { confirm, dialog } = useConfirm();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await renameWork(work.id, name.trim())) setEditing(false);
  };
  const remove = async () => {
    if (await confirm({ title: `作品「${work.name}」を削除しますか？` })) void deleteWork(work.id);
  };
  return (
    <ListRow $wrap>
      {editing ? (
        <form onSubmit={save} style={{ flex: 1 }}>
          <InlineForm>
            <TextField label="新しい作品名" hideLabel value={name} onChange={(e) => setName(e.target.value)} maxLength={255} autoFocus />
            <Button type="submit" $minWidth={80} $variant="primary" disabled={write.loading || !name.trim()}>
              保存
            </Button>
            <Button type="button" $minWidth={80} onClick={() => setEditing(false)}>
              キャンセル
            </Button>
          </InlineForm>
        </form>
      ) : (
        <>
          <div>
            <Link to={href('product', { projectId, productId: work.id })}>{work.name}</Link>
            {work.isOperationAgency && (
              <>
                {' '}
                <Badge $tone="muted">運用代行</Badge>
              </>
            )}
          </div>
          {editable && (
            <Inline>
              <Button type="button" $size="xsm" $minWidth={0} onClick={() => setEditing(true)} aria-label={`${work.name}の名前を変更`}>
                名前を変更
              </Button>
              <Button type="button" $size="xsm" $minWidth={0} $variant="warning" $outlined disabled={write.loading} onClick={remove} aria-label={`${work.name}を削除`}>
                削除
              </Button>
            </Inline>
          )}
        </>
      )}
      {dialog}
    </ListRow>
  );
}

function AddWorkForm() {
  const { write, addWork } = useProjects();
  const [name, setName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await addWork(name.trim())) setName('');
  };
  return (
    <form onSubmit={submit}>
      <TextField label="作品名" required value={name} onChange={(e) => setName(e.target.value)} maxLength={255} />
      <Button type="submit" $variant="primary" disabled={write.loading || !name.trim()}>
        作品を追加
      </Button>
    </form>
  );
}

/** An operation-agency work: named, tied to a CRM order whose unit pricing is shown before adding. */
function AddAgencyWorkForm() {
  const { write, unitPricing, addAgencyWork, fetchUnitPricing } = useProjects();
  const [name, setName] = useState('');
  const [orderId, setOrderId] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await addAgencyWork(name.trim(), orderId.trim())) {
      setName('');
      setOrderId('');
    }
  };
  return (
    <form onSubmit={submit}>
      <FormGrid>
        <TextField label="運用代行の作品名" value={name} onChange={(e) => setName(e.target.value)} maxLength={255} />
        <TextField label="CRM注文ID" value={orderId} onChange={(e) => setOrderId(e.target.value)} />
      </FormGrid>
      <Inline>
        <Button type="button" $size="sm" disabled={unitPricing.loading || !orderId.trim()} onClick={() => fetchUnitPricing(orderId.trim())}>
          単価を取得
        </Button>
        <Button type="submit" $variant="primary" disabled={write.loading || !name.trim() || !orderId.trim()}>
          運用代行作品を追加
        </Button>
      </Inline>
      <div data-testid="unit-pricing" aria-live="polite">
        {unitPricing.loading && <Muted>単価を取得しています…</Muted>}
        {unitPricing.error && <ErrorText>{unitPricing.error.message}</ErrorText>}
        {unitPricing.data && (
          <DataTable style={{ marginTop: 8 }}>
            <caption style={{ textAlign: 'left' }}>注文 {unitPricing.data.crmOrderId} の単価</caption>
            <thead>
              <tr>
                <th>作業種別</th>
                <th className="number">単価</th>
              </tr>
            </thead>
            <tbody>
              {unitPricing.data.items.map((item) => (
                <tr key={item.taskType}>
                  <td>{item.label}</td>
                  <td className="number">{formatNumber(item.unitPrice)}円</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </div>
    </form>
  );
}

export function ProjectDetailPage() {
  const projectId = Number(useParams().projectId);
  const navigate = useNavigate();
  const { project, write, fetchProject, moveProjectStatus, deleteProject } = useProjects();
  const { confirm, dialog } = useConfirm();
  useEffect(() => {
    void fetchProject(projectId);
  }, [fetchProject, projectId]);
  useCatchUp(() => void fetchProject(projectId));

  const data = project.data?.id === projectId ? project.data : null;
  if (!data) {
    const denied = !project.loading && deniedPage(project.error);
    if (denied) return denied;
    return (
      <>
        <PageTitle>プロジェクト詳細</PageTitle>
        {project.loading ? <Muted>読み込み中…</Muted> : <ErrorAlert error={project.error} />}
      </>
    );
  }
  const editable = data.canEdit;
  const remove = async () => {
    if (!(await confirm({ title: `プロジェクト「${data.name}」を削除しますか？` }))) return;
    if (await deleteProject()) navigate(href('projects'));
  };

  return (
    <>
      <PageTitle>{data.name}</PageTitle>
      <ErrorAlert error={write.error} describe={describeWrite} />
      <Panel
        title={
          <>
            プロジェクト情報 <Badge data-testid="project-status">{STATUS_LABEL[data.status] ?? data.status}</Badge>
          </>
        }
        actions={
          editable && (
            <Inline>
              {data.allowedTransitions.map((status) => (
                <Button key={status} type="button" $size="sm" $variant="primary" $outlined disabled={write.loading} onClick={() => moveProjectStatus(status)}>
                  {MOVE_LABEL[status]}
                </Button>
              ))}
              {data.status === 'setting' && (
                <Button type="button" $size="sm" $variant="warning" disabled={write.loading} onClick={remove}>
                  プロジェクトを削除
                </Button>
              )}
            </Inline>
          )
        }
      >
        <DescriptionList
          items={[
            { term: '媒体', detail: data.mediaName },
            { term: 'クライアント', detail: data.companyName },
            { term: '説明', detail: <span style={{ whiteSpace: 'pre-wrap' }}>{data.description || '（なし）'}</span> },
          ]}
        />
      </Panel>
      <Panel title={`作品（${data.works.length}件）`}>
        {data.works.length === 0 && <Muted>作品はまだありません。</Muted>}
        <List data-testid="work-list">
          {data.works.map((work) => (
            <WorkRow key={work.id} projectId={data.id} work={work} editable={editable} />
          ))}
        </List>
      </Panel>
      {editable && (
        <>
          <Panel title="作品を追加">
            <AddWorkForm />
          </Panel>
          <Panel title="運用代行の作品を追加">
            <AddAgencyWorkForm />
          </Panel>
        </>
      )}
      {dialog}
    </>
  );
}
