/** `/purchase_orders`: the creator's purchase orders, newest order first, each in its current version. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { href } from '@/config/paths';
import { AppError } from '@/lib/errors';
import { formatDate, formatYen } from '@/lib/format';
import { taskTypeLabel } from '@/lib/tasks';
import { dateOrUndecided, versionLabel, yenOrUndecided } from '../labels';
import { PURCHASE_ORDERS_FAILED, usePurchaseOrders } from '../store';

/** The list's failure always says so in the spec's words; the server's own reason follows it. */
function failure(error: AppError | null) {
  if (!error) return { error: null, lines: [] };
  return { error: new AppError(PURCHASE_ORDERS_FAILED), lines: error.message === PURCHASE_ORDERS_FAILED ? [] : [error.message] };
}

export function PurchaseOrderListPage() {
  const { list, fetchList } = usePurchaseOrders();
  const [page, setPage] = useState(1);
  useEffect(() => {
    void fetchList(page);
  }, [fetchList, page]);
  const data = list.data;
  const shown = failure(list.error);
  return (
    <div>
      <PageTitle>発注書</PageTitle>
      <Muted>お仕事を受注すると、取引条件を記載した発注書が発行されます。条件が変更された場合は新しい版が発行されます。</Muted>
      <ErrorAlert error={shown.error} lines={shown.lines} />
      {!data && list.loading && <Muted>読み込み中…</Muted>}
      {data && (
        <Panel title={`発注書一覧（${data.total}件）`}>
          {data.purchaseOrders.length === 0 ? (
            <Muted>発注書はまだありません。お仕事を受注すると、ここに発注書が表示されます。</Muted>
          ) : (
            <DataTable data-testid="purchase-orders">
              <thead>
                <tr>
                  <th>発注日</th>
                  <th>発注番号</th>
                  <th>業務の内容</th>
                  <th>納期</th>
                  <th className="number">報酬（税抜）</th>
                  <th className="number">税込金額</th>
                  <th>支払期日</th>
                </tr>
              </thead>
              <tbody>
                {data.purchaseOrders.map((order) => (
                  <tr key={order.id} data-testid="purchase-order">
                    <td>{formatDate(order.orderDate)}</td>
                    <td>
                      {order.number} {order.isRevised && <Badge $tone="alert">変更あり（{versionLabel(order.version)}）</Badge>}
                    </td>
                    <td>
                      <Link to={href('purchaseOrder', { purchaseOrderId: order.id })}>{order.title}</Link>
                      <Muted>
                        {taskTypeLabel(order.taskType)}／{order.clientName} {order.mediaName}
                      </Muted>
                    </td>
                    <td>{dateOrUndecided(order.dueDate)}</td>
                    <td className="number">{yenOrUndecided(order.rewardAmount)}</td>
                    <td className="number">{order.totalAmount === null ? '—' : formatYen(order.totalAmount)}</td>
                    <td>{order.paymentDueDate ? formatDate(order.paymentDueDate) : '納品後に確定'}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          <Pager paging={data} disabled={list.loading} onPage={setPage} />
        </Panel>
      )}
    </div>
  );
}
