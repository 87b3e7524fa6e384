/** /clients/payments: the years in which the company used the service, as a chart and a table. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { usageLinks } from '../labels';
import { useClientPayments } from '../store';
import { AmountsTable } from './amounts-table';
import { YenBarChart } from '@/components/yen-bar-chart';
import { useCatchUp } from '@/lib/socket';
import { UsageTitle, Waiting } from './usage-frame';

const TITLE = 'ご利用金額';

export function UsageOverviewPage({ clientId, staff, thisYear }: { clientId: number; staff: boolean; thisYear: number }) {
  const { overview, fetchOverview } = useClientPayments();
  useEffect(() => {
    void fetchOverview(clientId);
  }, [fetchOverview, clientId]);
  useCatchUp(() => void fetchOverview(clientId));
  const data = overview.data?.client.id === clientId ? overview.data : null;
  if (!data) return <Waiting title={TITLE} state={overview} />;
  const links = usageLinks(clientId, staff);
  const ascending = [...data.years].reverse();
  return (
    <>
      <UsageTitle company={staff ? data.client.name : null}>{TITLE}</UsageTitle>
      <Muted>
        検収が完了したタスクの金額とオプション費用を、媒体ごと・月ごとに集計しています。消費税（{data.consumptionTaxRatePercent}%）は媒体ごとの月額に対して計算し、1円未満は切り捨てています。
      </Muted>
      {data.years.length === 0 ? (
        <Panel title="年ごとのご利用金額">
          <Muted data-testid="usage-empty">まだご利用はありません。タスクが完了すると、ここに金額が表示されます。</Muted>
          <Link to={links.year(thisYear)}>{thisYear}年の月別を見る</Link>
        </Panel>
      ) : (
        <Panel title="年ごとのご利用金額">
          <YenBarChart testId="usage-chart"
            title="年ごとのご利用金額（税込）"
            rows={ascending.map((y) => ({ label: `${y.year}年`, values: { total: y.totalAmount } }))}
            series={[{ key: 'total', name: '合計（税込）' }]}
          />
          <AmountsTable
            heading="年"
            testId="usage-years"
            rowTestId="usage-year"
            rows={data.years.map((y) => ({ key: y.year, label: <Link to={links.year(y.year)}>{y.year}年</Link>, amounts: y }))}
            total={{ label: '累計', amounts: data }}
          />
        </Panel>
      )}
    </>
  );
}
