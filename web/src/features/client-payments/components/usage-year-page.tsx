/** /clients/payments/{year}: twelve months of the company's usage, stacked by medium. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { useCatchUp } from '@/lib/socket';
import { usageLinks } from '../labels';
import { useClientPayments } from '../store';
import { Steps, UsageCrumbs, UsageTitle, Waiting } from './usage-frame';
import { UsageYearView } from './usage-year-view';

export function UsageYearPage({ clientId, staff, year }: { clientId: number; staff: boolean; year: number }) {
  const { year: state, fetchYear } = useClientPayments();
  useEffect(() => {
    void fetchYear(clientId, year);
  }, [fetchYear, clientId, year]);
  useCatchUp(() => void fetchYear(clientId, year));
  const title = `${year}年のご利用金額`;
  const data = state.data?.client.id === clientId && state.data.year === year ? state.data : null;
  if (!data) return <Waiting title={title} state={state} />;
  const links = usageLinks(clientId, staff);
  return (
    <>
      <UsageTitle company={staff ? data.client.name : null}>{title}</UsageTitle>
      <UsageCrumbs steps={[{ label: 'ご利用金額', to: links.overview() }, { label: `${year}年` }]} />
      <Steps aria-label="年の移動">
        <Link to={links.year(year - 1)}>← {year - 1}年</Link>
        <Link to={links.year(year + 1)}>{year + 1}年 →</Link>
      </Steps>
      <Panel title="月別のご利用金額">
        {data.totalAmount === 0 && <Muted data-testid="usage-empty">この年のご利用はありません。</Muted>}
        <UsageYearView data={data} links={links} />
        <Muted>月を選ぶと、媒体ごとの内訳と請求状況が表示されます。</Muted>
      </Panel>
    </>
  );
}
