/** `/rewards/{year}/{month}`: the creator's statement for a month — each completed task, and the figures that reach the bank. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import { DescriptionList } from '@/components/description-list';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { TaskCell } from '@/components/task-rows';
import { href } from '@/config/paths';
import { formatDate, formatDateTime, formatYen } from '@/lib/format';
import { taskTypeLabel } from '@/lib/tasks';
import { useCatchUp } from '@/lib/socket';
import { useRewards } from '../store';
import { StatementDownloads } from './statement-downloads';

const MonthNav = styled.nav`
  display: flex;
  gap: 16px;
  margin: 8px 0 16px;
`;

/** The month before and after `year`/`month`. */
function neighbours(year: number, month: number) {
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { previous, next };
}

export function MonthlyRewardsPage({ year, month }: { year: number; month: number }) {
  const { month: statement, fetchMonth } = useRewards();
  const [page, setPage] = useState(1);
  useEffect(() => {
    void fetchMonth(year, month, page);
  }, [fetchMonth, year, month, page]);
  useCatchUp(() => void fetchMonth(year, month, page));
  const data = statement.data?.year === year && statement.data.month === month ? statement.data : null;
  const { previous, next } = neighbours(year, month);
  return (
    <div>
      <PageTitle>
        {year}年{month}月の報酬 {data && (data.isConfirmed ? <Badge $tone="brand">確定</Badge> : <Badge $tone="muted">未確定</Badge>)}
      </PageTitle>
      <MonthNav aria-label="月の移動">
        <Link to={href('rewardsMonth', previous)}>← {previous.year}年{previous.month}月</Link>
        <Link to={href('rewardsYear', { year })}>{year}年の一覧</Link>
        <Link to={href('rewardsMonth', next)}>{next.year}年{next.month}月 →</Link>
      </MonthNav>
      <ErrorAlert error={statement.error} />
      {!data && statement.loading && <Muted>読み込み中…</Muted>}
      {data && (
        <>
          <Panel title="お支払い額" testId="reward-figures" actions={<StatementDownloads year={year} month={month} />}>
            <DescriptionList
              items={[
                { term: '報酬小計（税抜）', detail: formatYen(data.subtotalRewardAmount) },
                { term: `消費税（${data.consumptionTaxRatePercent}%）`, detail: formatYen(data.consumptionTax) },
                {
                  term: data.reducedWithholdingRatePercent ? `源泉徴収税（軽減税率 ${data.reducedWithholdingRatePercent}%）` : '源泉徴収税',
                  detail: `−${formatYen(data.withholdingTax)}`,
                },
                data.usageFee > 0 && { term: '利用料', detail: `−${formatYen(data.usageFee)}` },
                { term: 'お振込金額', detail: <strong>{formatYen(data.totalRewardAmount)}</strong> },
              ]}
            />
            <Muted>源泉徴収税は月のお支払い全体に対して計算しています（100万円までは10.21%、超える部分は20.42%）。</Muted>
            <Muted data-testid="confirmation-state">
              {data.confirmedAt
                ? `${formatDateTime(data.confirmedAt)}に確定しました。確定後に金額が変わることはありません。`
                : '未確定の月です。月が確定するまで、タスクの完了や修正に合わせて金額が変わります。'}
            </Muted>
          </Panel>
          <Panel title={`完了したタスク（${data.total}件）`}>
            {data.rewards.length === 0 ? (
              <Muted>この月に完了したタスクはありません。タスクが検収されて完了すると、ここに報酬が表示されます。</Muted>
            ) : (
              <DataTable data-testid="reward-lines">
                <thead>
                  <tr>
                    <th>完了日</th>
                    <th>媒体</th>
                    <th>タスク</th>
                    <th>種別</th>
                    <th className="number">報酬（税抜）</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rewards.map((line) => (
                    <tr key={line.taskId} data-testid="reward-line">
                      <td>{line.completedDate ? formatDate(line.completedDate) : '—'}</td>
                      <td>{line.mediaName}</td>
                      <TaskCell task={line} />
                      <td>{taskTypeLabel(line.taskType)}</td>
                      <td className="number">{formatYen(line.rewardAmount)}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
            <Pager paging={data} disabled={statement.loading} onPage={setPage} />
          </Panel>
        </>
      )}
    </div>
  );
}
