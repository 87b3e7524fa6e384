import { DescriptionList } from '@/components/description-list';
import { formatYen } from '@/lib/format';
import type { Amounts } from '../types';

/** 小計 (tasks and options), 消費税 and 合計 of a bill or a sum of bills. */
export function UsageFigures({ amounts, ratePercent }: { amounts: Amounts; ratePercent: string }) {
  return (
    <div data-testid="usage-figures">
      <DescriptionList
        items={[
          { term: 'タスク（税抜）', detail: formatYen(amounts.taskAmount) },
          { term: 'オプション（税抜）', detail: formatYen(amounts.optionAmount) },
          { term: '小計（税抜）', detail: formatYen(amounts.subtotalAmount) },
          { term: `消費税（${ratePercent}%）`, detail: formatYen(amounts.consumptionTax) },
          { term: '合計（税込）', detail: <strong>{formatYen(amounts.totalAmount)}</strong> },
        ]}
      />
    </div>
  );
}
