/** Tab payment_for_users: what each creator is paid for the month (stored once confirmed, 未確定 before) and the month's sums. */
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import { DescriptionList } from '@/components/description-list';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { formatNumber, formatYen } from '@/lib/format';
import { usePayments } from '../store';
import type { MonthLinks } from '../types';
import { useMonthPage } from '../use-month-page';
import { MonthHeader } from './month-header';

const minus = (value: number) => (value > 0 ? `−${formatYen(value)}` : formatYen(0));

export function UserPaymentsTab({ year, month, hrefFor, onPick }: MonthLinks) {
  const { users, fetchUsers } = usePayments();
  const { data, setPage } = useMonthPage(users, fetchUsers, year, month);
  return (
    <>
      <MonthHeader year={year} month={month} state={data} hrefFor={hrefFor} onPick={onPick} />
      <ErrorAlert error={users.error} />
      {!data && users.loading && <Muted>読み込み中…</Muted>}
      {data && (
        <>
          <Panel title="この月の合計" testId="payment-sums">
            <DescriptionList
              items={[
                { term: '支払い人数', detail: `${formatNumber(data.sums.userCount)}人` },
                { term: '報酬小計（税抜）', detail: formatYen(data.sums.subtotalRewardAmount) },
                { term: '消費税', detail: formatYen(data.sums.consumptionTax) },
                { term: '源泉徴収税', detail: minus(data.sums.withholdingTax) },
                data.sums.usageFee > 0 && { term: '利用料', detail: minus(data.sums.usageFee) },
                { term: '振込金額', detail: <strong>{formatYen(data.sums.totalRewardAmount)}</strong> },
                data.sums.withoutBankAccountCount > 0 && {
                  term: '口座未登録',
                  detail: <Badge $tone="alert">{formatNumber(data.sums.withoutBankAccountCount)}人</Badge>,
                },
              ]}
            />
            {!data.isConfirmed && <Muted>未確定の月は、今日の時点の完了タスクと税率で計算しています。報酬確定後は確定時の金額が表示されます。</Muted>}
          </Panel>
          <Panel title={`クリエイター別（${formatNumber(data.total)}人）`}>
            {data.users.length === 0 ? (
              <Muted>この月に支払うクリエイターはいません。</Muted>
            ) : (
              <DataTable data-testid="user-payments" aria-busy={users.loading}>
                <thead>
                  <tr>
                    <th>クリエイター</th>
                    <th>区分</th>
                    <th className="number">タスク</th>
                    <th className="number">報酬小計</th>
                    <th className="number">消費税</th>
                    <th className="number">源泉徴収税</th>
                    <th className="number">利用料</th>
                    <th className="number">振込金額</th>
                    <th>口座</th>
                    <th>状態</th>
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((user) => (
                    <tr key={user.userId} data-testid="user-payment">
                      <td>
                        {user.userName}
                        {user.payeeName !== user.userName && <Muted>{user.payeeName}</Muted>}
                      </td>
                      <td>{user.accountType === 'corporate' ? '法人' : '個人'}</td>
                      <td className="number">{formatNumber(user.taskCount)}</td>
                      <td className="number">{formatYen(user.subtotalRewardAmount)}</td>
                      <td className="number">{formatYen(user.consumptionTax)}</td>
                      <td className="number">{minus(user.withholdingTax)}</td>
                      <td className="number">{minus(user.usageFee)}</td>
                      <td className="number">
                        <strong>{formatYen(user.totalRewardAmount)}</strong>
                      </td>
                      <td>{user.hasBankAccount ? '登録済み' : <Badge $tone="alert">未登録</Badge>}</td>
                      <td>{user.isConfirmed ? <Badge $tone="brand">確定</Badge> : <Badge $tone="muted">未確定</Badge>}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
            <Pager paging={data} disabled={users.loading} onPage={setPage} />
          </Panel>
        </>
      )}
    </>
  );
}
