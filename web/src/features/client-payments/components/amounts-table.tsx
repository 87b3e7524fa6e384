/** Rows of bills (years, months) with the same five yen columns and a total row. */
import type { ReactNode } from 'react';
import { DataTable } from '@/components/data-table';
import { formatYen } from '@/lib/format';
import type { Amounts } from '../types';

export interface AmountsRow {
  key: string | number;
  label: ReactNode;
  amounts: Amounts;
}

function Cells({ amounts }: { amounts: Amounts }) {
  return (
    <>
      <td className="number">{formatYen(amounts.taskAmount)}</td>
      <td className="number">{formatYen(amounts.optionAmount)}</td>
      <td className="number">{formatYen(amounts.subtotalAmount)}</td>
      <td className="number">{formatYen(amounts.consumptionTax)}</td>
      <td className="number">
        <strong>{formatYen(amounts.totalAmount)}</strong>
      </td>
    </>
  );
}

interface Props {
  /** The first column's heading (年, 月). */
  heading: string;
  rows: AmountsRow[];
  total: { label: string; amounts: Amounts };
  testId: string;
  rowTestId: string;
}

export function AmountsTable({ heading, rows, total, testId, rowTestId }: Props) {
  return (
    <DataTable data-testid={testId}>
      <thead>
        <tr>
          <th>{heading}</th>
          <th className="number">タスク（税抜）</th>
          <th className="number">オプション（税抜）</th>
          <th className="number">小計（税抜）</th>
          <th className="number">消費税</th>
          <th className="number">合計（税込）</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-testid={rowTestId}>
            <td>{row.label}</td>
            <Cells amounts={row.amounts} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-testid={`${testId}-total`}>
          <th>{total.label}</th>
          <Cells amounts={total.amounts} />
        </tr>
      </tfoot>
    </DataTable>
  );
}
