/** `/rewards/{year}`: the creator's year — a chart of each month, the twelve months and the year's sums (the figures of a 支払調書 and a tax return). */
import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import { DescriptionList } from '@/components/description-list';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { YenBarChart } from '@/components/yen-bar-chart';
import { href } from '@/config/paths';
import { formatYen } from '@/lib/format';
import { useCatchUp } from '@/lib/socket';
import { useRewards } from '../store';
import { StatementDownloads } from './statement-downloads';

const YearNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 8px 0 16px;
  a[aria-current='page'] {
    font-weight: 600;
    text-decoration: none;
  }
`;

export function AnnualRewardsPage({ year, chartWidth }: { year: number; chartWidth?: number }) {
  const { year: statement, fetchYear } = useRewards();
  useEffect(() => {
    void fetchYear(year);
  }, [fetchYear, year]);
  useCatchUp(() => void fetchYear(year));
  const data = statement.data?.year === year ? statement.data : null;
  const years = data ? (data.years.includes(year) ? data.years : [year, ...data.years].sort((a, b) => b - a)) : [year];
  return (
    <div>
      <PageTitle>{year}年の報酬</PageTitle>
      <YearNav aria-label="年の切り替え">
        {years.map((y) => (
          <Link key={y} to={href('rewardsYear', { year: y })} aria-current={y === year ? 'page' : undefined}>
            {y}年
          </Link>
        ))}
      </YearNav>
      <ErrorAlert error={statement.error} />
      {!data && statement.loading && <Muted>読み込み中…</Muted>}
      {data && (
        <>
          <Panel title="年間のお支払い額" testId="annual-figures" actions={<StatementDownloads year={year} />}>
            <DescriptionList
              items={[
                { term: '報酬合計（税抜）', detail: formatYen(data.subtotalRewardAmount) },
                { term: '消費税', detail: formatYen(data.consumptionTax) },
                { term: '源泉徴収税額', detail: `−${formatYen(data.withholdingTax)}` },
                data.usageFee > 0 && { term: '利用料', detail: `−${formatYen(data.usageFee)}` },
                { term: 'お振込金額の合計', detail: <strong>{formatYen(data.totalRewardAmount)}</strong> },
              ]}
            />
            <Muted>支払調書や確定申告には「報酬合計」と「源泉徴収税額」をお使いください。未確定の月は現時点の見込みです。</Muted>
          </Panel>
          <Panel title="月ごとの報酬">
            <YenBarChart
              title={`${year}年の月ごとのお振込金額`}
              width={chartWidth}
              rows={data.rewards.map((m) => ({ label: `${m.month}月`, values: { total: m.totalRewardAmount } }))}
              series={[{ key: 'total', name: 'お振込金額' }]}
            />
            <DataTable data-testid="annual-months">
              <thead>
                <tr>
                  <th>月</th>
                  <th className="number">件数</th>
                  <th className="number">報酬（税抜）</th>
                  <th className="number">消費税</th>
                  <th className="number">源泉徴収税</th>
                  <th className="number">お振込金額</th>
                  <th>状態</th>
                </tr>
              </thead>
              <tbody>
                {data.rewards.map((m) => (
                  <tr key={m.month} data-testid="annual-month">
                    <td>
                      <Link to={href('rewardsMonth', { year, month: m.month })}>{m.month}月</Link>
                    </td>
                    <td className="number">{m.taskCount}</td>
                    <td className="number">{formatYen(m.subtotalRewardAmount)}</td>
                    <td className="number">{formatYen(m.consumptionTax)}</td>
                    <td className="number">{formatYen(m.withholdingTax)}</td>
                    <td className="number">{formatYen(m.totalRewardAmount)}</td>
                    <td>{m.isConfirmed ? <Badge $tone="brand">確定</Badge> : <Badge $tone="muted">未確定</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </Panel>
        </>
      )}
    </div>
  );
}
