/** /clients/payments/{year}/{month}: each medium of the company in the month, with its bill's status. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { Panel } from '@/components/panel';
import { formatNumber, formatYen } from '@/lib/format';
import { usageLinks } from '../labels';
import { useClientPayments } from '../store';
import { StatusBadge } from './status-badge';
import { YenBarChart } from '@/components/yen-bar-chart';
import { useCatchUp } from '@/lib/socket';
import { UsageFigures } from './usage-figures';
import { Steps, UsageCrumbs, UsageTitle, Waiting } from './usage-frame';

function neighbours(year: number, month: number) {
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { previous, next };
}

export function UsageMonthPage({ clientId, staff, year, month }: { clientId: number; staff: boolean; year: number; month: number }) {
  const { month: state, fetchMonth } = useClientPayments();
  useEffect(() => {
    void fetchMonth(clientId, year, month);
  }, [fetchMonth, clientId, year, month]);
  useCatchUp(() => void fetchMonth(clientId, year, month));
  const title = `${year}年${month}月のご利用金額`;
  const data = state.data?.client.id === clientId && state.data.year === year && state.data.month === month ? state.data : null;
  if (!data) return <Waiting title={title} state={state} />;
  const links = usageLinks(clientId, staff);
  const { previous, next } = neighbours(year, month);
  const used = data.media.filter((m) => m.totalAmount > 0);
  return (
    <>
      <UsageTitle company={staff ? data.client.name : null}>{title}</UsageTitle>
      <UsageCrumbs steps={[{ label: 'ご利用金額', to: links.overview() }, { label: `${year}年`, to: links.year(year) }, { label: `${month}月` }]} />
      <Steps aria-label="月の移動">
        <Link to={links.month(previous.year, previous.month)}>
          ← {previous.year}年{previous.month}月
        </Link>
        <Link to={links.month(next.year, next.month)}>
          {next.year}年{next.month}月 →
        </Link>
      </Steps>
      <Panel title="合計">
        <UsageFigures amounts={data} ratePercent={data.consumptionTaxRatePercent} />
      </Panel>
      <Panel title="媒体別のご利用金額">
        {used.length > 0 && (
          <YenBarChart testId="usage-chart"
            title="媒体別（税込）"
            rows={used.map((m) => ({ label: m.name, values: { total: m.totalAmount } }))}
            series={[{ key: 'total', name: '合計（税込）' }]}
            height={Math.max(200, used.length * 60)}
          />
        )}
        <DataTable data-testid="usage-media">
          <thead>
            <tr>
              <th>媒体</th>
              <th className="number">タスク</th>
              <th className="number">タスク（税抜）</th>
              <th className="number">オプション（税抜）</th>
              <th className="number">消費税</th>
              <th className="number">合計（税込）</th>
              <th>請求状況</th>
            </tr>
          </thead>
          <tbody>
            {data.media.map((m) => (
              <tr key={m.id} data-testid="usage-medium">
                <td>
                  <Link to={links.media(m.id, year, month)}>{m.name}</Link>
                </td>
                <td className="number">{formatNumber(m.taskCount)}件</td>
                <td className="number">{formatYen(m.taskAmount)}</td>
                <td className="number">{formatYen(m.optionAmount)}</td>
                <td className="number">{formatYen(m.consumptionTax)}</td>
                <td className="number">{formatYen(m.totalAmount)}</td>
                <td>
                  <StatusBadge status={m.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Panel>
    </>
  );
}
