/**
 * A bar chart of yen amounts (recharts): one bar per row, stacked by series (media, say); the
 * axis and tooltip say 円. The table beside it carries the exact figures; the chart is their
 * picture, named for screen readers by its title.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled from 'styled-components';
import { formatNumber, formatYen } from '@/lib/format';
import { chartPalette, theme } from '@/theme/theme';

export interface ChartSeries {
  key: string;
  name: string;
}

export interface ChartRow {
  label: string;
  /** Yen by series key; a missing key is 0. */
  values: Record<string, number>;
}

export const seriesColor = (index: number): string => chartPalette[index % chartPalette.length];

const Figure = styled.figure`
  margin: 0 0 16px;
  font-size: ${theme.font.sm};
  figcaption { font-weight: ${theme.font.bold}; margin-bottom: 8px; }
`;

interface Props {
  title: string;
  testId?: string;
  rows: ChartRow[];
  series: ChartSeries[];
  height?: number;
  /** A fixed width (tests, print); by default the chart fills its container. */
  width?: number;
}

export function YenBarChart({ title, rows, series, height = 280, width, testId = 'yen-bar-chart' }: Props) {
  const data = rows.map((row) => ({ label: row.label, ...Object.fromEntries(series.map((s) => [s.key, row.values[s.key] ?? 0])) }));
  const chart = (
    <BarChart data={data} width={width} height={width ? height : undefined} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" />
      <YAxis width={96} tickFormatter={(value: number) => formatNumber(value)} unit="円" />
      <Tooltip formatter={(value) => formatYen(Number(value))} />
      {series.length > 1 && <Legend />}
      {series.map((s, index) => (
        <Bar key={s.key} dataKey={s.key} name={s.name} stackId="stack" fill={seriesColor(index)} isAnimationActive={false} />
      ))}
    </BarChart>
  );
  return (
    <Figure data-testid={testId} role="img" aria-label={title}>
      <figcaption>{title}</figcaption>
      {width ? (
        chart
      ) : (
        <ResponsiveContainer width="100%" height={height}>
          {chart}
        </ResponsiveContainer>
      )}
    </Figure>
  );
}
