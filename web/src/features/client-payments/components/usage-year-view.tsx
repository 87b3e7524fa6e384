/** A year of usage: twelve months stacked by medium in a chart, and the months' figures in a table. */
import { Link } from 'react-router';
import type { UsageLinks } from '../labels';
import type { UsageYear } from '../types';
import { AmountsTable } from './amounts-table';
import { YenBarChart } from '@/components/yen-bar-chart';

export function UsageYearView({ data, links, chartWidth }: { data: UsageYear; links: UsageLinks; chartWidth?: number }) {
  const series = data.media.map((m) => ({ key: `m${m.id}`, name: m.name }));
  const rows = data.months.map((month) => ({
    label: `${month.month}月`,
    values: Object.fromEntries(month.media.map((share) => [`m${share.mediaId}`, share.totalAmount])),
  }));
  return (
    <>
      <YenBarChart testId="usage-chart" title={`${data.year}年 月別ご利用金額（税込・媒体別）`} rows={rows} series={series} width={chartWidth} />
      <AmountsTable
        heading="月"
        testId="usage-months"
        rowTestId="usage-month"
        rows={data.months.map((month) => ({
          key: month.month,
          label: month.totalAmount > 0 ? <Link to={links.month(data.year, month.month)}>{month.month}月</Link> : `${month.month}月`,
          amounts: month,
        }))}
        total={{ label: '年合計', amounts: data }}
      />
    </>
  );
}
