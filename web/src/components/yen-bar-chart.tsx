/**
 * A bar chart of yen amounts (recharts): one bar per row, one series per key, stacked when
 * asked. The table beside it carries the exact figures; the chart is their picture, so it is
 * hidden from screen readers and labelled for them instead.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled from 'styled-components';
import { formatNumber, formatYen } from '@/lib/format';
import { theme } from '@/theme/theme';

export interface ChartSeries {
  key: string;
  name: string;
  color?: string;
}

/** Colours for series without their own, in order. */
const PALETTE = [theme.color.brand, theme.color.info, theme.color.warning, theme.color.writer, theme.color.planner, theme.color.second];

const Frame = styled.figure`
  margin: 0 0 16px;
  width: 100%;
  height: 260px;
`;

/** `10,000円` → `1万` style ticks keep the axis narrow. */
const axisTick = (value: number) => (Math.abs(value) >= 10_000 ? `${formatNumber(Math.round(value / 10_000))}万` : formatNumber(value));

export function YenBarChart<Row extends { label: string }>({
  rows,
  series,
  stacked = false,
  label,
  /** Fixed width for tests (jsdom measures nothing). */
  width,
}: {
  rows: Row[];
  series: ChartSeries[];
  stacked?: boolean;
  label: string;
  width?: number;
}) {
  const chart = (
    <BarChart data={rows} width={width} height={width ? 260 : undefined} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
      <YAxis tickFormatter={axisTick} tick={{ fontSize: 12 }} width={56} />
      <Tooltip formatter={(value) => formatYen(Number(value))} />
      {series.length > 1 && <Legend />}
      {series.map((s, i) => (
        <Bar key={s.key} dataKey={s.key} name={s.name} stackId={stacked ? 'stack' : undefined} fill={s.color ?? PALETTE[i % PALETTE.length]} isAnimationActive={false} />
      ))}
    </BarChart>
  );
  return (
    <Frame role="img" aria-label={label} data-testid="yen-bar-chart">
      {width ? chart : <ResponsiveContainer width="100%" height="100%">{chart}</ResponsiveContainer>}
    </Frame>
  );
}
