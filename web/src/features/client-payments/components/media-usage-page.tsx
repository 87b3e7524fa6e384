/** /clients/{clientId}/media/{mediaId}/payments/{year}/{month}: what one medium's bill is made of, and where it stands. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { DescriptionList } from '@/components/description-list';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { TaskCell } from '@/components/task-rows';
import { formatDate, formatDateTime, formatYen } from '@/lib/format';
import { taskTypeLabel } from '@/lib/tasks';
import { useCatchUp } from '@/lib/socket';
import { STATUS_LABELS, usageLinks } from '../labels';
import { useClientPayments } from '../store';
import type { MediaPayment, PaymentChange } from '../types';
import { StatusBadge } from './status-badge';
import { UsageFigures } from './usage-figures';
import { UsageCrumbs, UsageTitle, Waiting } from './usage-frame';

const dateOrDash = (value: string | null) => (value ? formatDate(value) : '—');

function PaymentFacts({ payment }: { payment: MediaPayment }) {
  return (
    <DescriptionList
      testId="media-payment"
      items={[
        { term: '請求状況', detail: <StatusBadge status={payment.status} /> },
        payment.billedAmount !== null && { term: 'ご請求額（税込）', detail: formatYen(payment.billedAmount) },
        !!payment.invoicedOn && { term: '請求日', detail: formatDate(payment.invoicedOn) },
        !!payment.paidOn && { term: '入金日', detail: formatDate(payment.paidOn) },
        !!payment.note && { term: '備考', detail: payment.note },
      ]}
    />
  );
}

function History({ changes }: { changes: PaymentChange[] }) {
  if (changes.length === 0) return <Muted>まだ更新されていません。</Muted>;
  return (
    <DataTable data-testid="payment-changes">
      <thead>
        <tr>
          <th>更新日時</th>
          <th>更新者</th>
          <th>状況</th>
          <th className="number">ご請求額</th>
          <th>請求日</th>
          <th>入金日</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.changedAt}>
            <td>{formatDateTime(change.changedAt)}</td>
            <td>{change.changedByName ?? '—'}</td>
            <td>{STATUS_LABELS[change.status]}</td>
            <td className="number">{change.billedAmount === null ? '—' : formatYen(change.billedAmount)}</td>
            <td>{dateOrDash(change.invoicedOn)}</td>
            <td>{dateOrDash(change.paidOn)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export function MediaUsagePage({ clientId, mediaId, staff, year, month }: { clientId: number; mediaId: number; staff: boolean; year: number; month: number }) {
  const { mediaMonth, fetchMediaMonth } = useClientPayments();
  useEffect(() => {
    void fetchMediaMonth(clientId, mediaId, year, month);
  }, [fetchMediaMonth, clientId, mediaId, year, month]);
  useCatchUp(() => void fetchMediaMonth(clientId, mediaId, year, month));
  const title = `${year}年${month}月のご利用明細`;
  const data = mediaMonth.data;
  const current = data?.client.id === clientId && data.media.id === mediaId && data.year === year && data.month === month ? data : null;
  if (!current) return <Waiting title={title} state={mediaMonth} />;
  const links = usageLinks(clientId, staff);
  return (
    <>
      <UsageTitle company={staff ? current.client.name : null}>
        {current.media.name} {title}
      </UsageTitle>
      <UsageCrumbs
        steps={[
          { label: 'ご利用金額', to: links.overview() },
          { label: `${year}年`, to: links.year(year) },
          { label: `${month}月`, to: links.month(year, month) },
          { label: current.media.name },
        ]}
      />
      <Panel title="ご請求" testId="media-bill">
        <PaymentFacts payment={current.payment} />
        {current.canUpdate && <Link to={links.update(mediaId, year, month)}>支払い状況を更新する</Link>}
      </Panel>
      <Panel title="金額">
        <UsageFigures amounts={current} ratePercent={current.consumptionTaxRatePercent} />
      </Panel>
      <Panel title={`完了したタスク（${current.tasks.length}件）`}>
        {current.tasks.length === 0 ? (
          <Muted>この月に完了したタスクはありません。</Muted>
        ) : (
          <DataTable data-testid="usage-tasks">
            <thead>
              <tr>
                <th>完了日</th>
                <th>タスク</th>
                <th>種別</th>
                <th>クリエイター</th>
                <th className="number">金額（税抜）</th>
              </tr>
            </thead>
            <tbody>
              {current.tasks.map((task) => (
                <tr key={task.taskId} data-testid="usage-task">
                  <td>{formatDate(task.completedDate)}</td>
                  <TaskCell task={task} />
                  <td>{taskTypeLabel(task.taskType)}</td>
                  <td>{task.creatorNames.join('、') || '—'}</td>
                  <td className="number">{formatYen(task.rewardAmount)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
      <Panel title={`オプション（${current.optionPayments.length}件）`}>
        {current.optionPayments.length === 0 ? (
          <Muted>この月のオプション費用はありません。</Muted>
        ) : (
          <DataTable data-testid="usage-options">
            <thead>
              <tr>
                <th>件名</th>
                <th>備考</th>
                <th className="number">金額（税抜）</th>
              </tr>
            </thead>
            <tbody>
              {current.optionPayments.map((option) => (
                <tr key={option.id} data-testid="usage-option">
                  <td>{option.title}</td>
                  <td>{option.note || '—'}</td>
                  <td className="number">{formatYen(option.amount)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
      {current.changes && (
        <Panel title="請求状況の更新履歴">
          <History changes={current.changes} />
        </Panel>
      )}
    </>
  );
}
