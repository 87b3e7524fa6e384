/**
 * `/purchase_orders/{id}`: one version of a purchase order as a printable document — the parties,
 * the content of the work, the amount with consumption tax, the dates, the place of delivery,
 * inspection and payment (Freelance Act art. 3). A superseded version says so and links the
 * newer one; every version is listed.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { DescriptionList } from '@/components/description-list';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { NoPrint, PrintableDocument, PrintButton } from '@/components/print';
import { href } from '@/config/paths';
import { formatDate, formatDateTime, formatYen } from '@/lib/format';
import { taskTypeLabel } from '@/lib/tasks';
import { theme } from '@/theme/theme';
import { REASON_LABEL, TERM_LABEL, UNDECIDED, dateOrUndecided, versionLabel, yenOrUndecided } from '../labels';
import { usePurchaseOrders } from '../store';
import type { PurchaseOrder } from '../types';

const Sheet = styled.article`
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: 4px;
  padding: 32px 40px;
  margin-bottom: 24px;
  ${theme.media.phone} {
    padding: 16px;
  }
  @media print {
    border: none;
    padding: 0;
  }
`;
const Heading = styled.h1`
  text-align: center;
  font-size: 24px;
  letter-spacing: 0.5em;
  margin: 0 0 8px;
`;
const Meta = styled.p`
  text-align: right;
  margin: 0;
  color: ${theme.color.subText};
  font-size: ${theme.font.sm};
`;
const Parties = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 24px;
  margin: 24px 0;
  ${theme.media.phone} {
    grid-template-columns: 1fr;
  }
  h2 {
    font-size: ${theme.font.sm};
    color: ${theme.color.subText};
    margin: 0 0 4px;
  }
  p {
    margin: 0;
  }
`;
const Addressee = styled.p`
  font-size: ${theme.font.xl};
  border-bottom: 1px solid ${theme.color.text};
  padding-bottom: 4px;
`;
const Notice = styled.div`
  border: 1px solid ${theme.color.alert};
  background: ${theme.color.alertTint};
  border-radius: 4px;
  padding: 8px 12px;
  margin-bottom: 16px;
  p {
    margin: 0;
  }
`;
const Actions = styled(NoPrint)`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 16px;
`;
const Versions = styled.ol`
  margin: 0;
  padding-left: 20px;
`;

function Issuer({ order }: { order: PurchaseOrder }) {
  return (
    <section data-testid="issuer">
      <h2>発注者</h2>
      <p>{order.issuer.name}</p>
      <p>{order.issuer.address}</p>
      <p>登録番号：{order.issuer.invoiceRegistrationNumber ?? 'なし'}</p>
    </section>
  );
}

function Recipient({ order }: { order: PurchaseOrder }) {
  const { recipient } = order;
  return (
    <section data-testid="recipient">
      <h2>受注者</h2>
      <Addressee>
        {recipient.name} {recipient.accountType === 'corporate' ? '御中' : '様'}
      </Addressee>
      <p>登録番号：{recipient.invoiceRegistrationNumber ?? 'なし'}</p>
    </section>
  );
}

function Terms({ order }: { order: PurchaseOrder }) {
  const undecidedAmount = order.rewardAmount === null;
  return (
    <DescriptionList
      testId="purchase-order-terms"
      items={[
        { term: '発注日', detail: formatDate(order.orderDate) },
        {
          term: '業務の内容',
          detail: (
            <>
              {order.title}（{taskTypeLabel(order.taskType)}）
              <Muted>
                {order.clientName}「{order.mediaName}」 {order.projectName}／{order.workName}
              </Muted>
            </>
          ),
        },
        {
          term: '報酬の額（税抜）',
          detail: undecidedAmount ? `${UNDECIDED}（金額が定まり次第、新しい版の発注書でお知らせします）` : yenOrUndecided(order.rewardAmount),
        },
        !undecidedAmount && { term: `消費税（${order.consumptionTaxRatePercent}%）`, detail: yenOrUndecided(order.consumptionTax) },
        !undecidedAmount && order.totalAmount !== null && { term: '合計（税込）', detail: <strong>{formatYen(order.totalAmount)}</strong> },
        { term: '納期', detail: dateOrUndecided(order.dueDate) },
        { term: '納品場所・方法', detail: order.deliveryPlace },
        { term: '納品日', detail: order.receivedOn ? formatDate(order.receivedOn) : '未納品' },
        { term: '検収完了日', detail: order.inspectedOn ? formatDate(order.inspectedOn) : '未検収（検収が完了すると記載されます）' },
        {
          term: '支払期日',
          detail: order.paymentDueDate ? `${formatDate(order.paymentDueDate)}（${order.paymentTerms}）` : order.paymentTerms,
        },
        {
          term: '支払方法',
          detail: (
            <>
              {order.paymentMethod}
              {order.withholdingApplies && <Muted>報酬から所得税及び復興特別所得税を源泉徴収のうえお支払いします。</Muted>}
            </>
          ),
        },
      ]}
    />
  );
}

export function PurchaseOrderDetailPage({ purchaseOrderId }: { purchaseOrderId: number }) {
  const { order: state, fetchOrder } = usePurchaseOrders();
  useEffect(() => {
    void fetchOrder(purchaseOrderId);
  }, [fetchOrder, purchaseOrderId]);
  const order = state.data?.id === purchaseOrderId ? state.data : null;
  return (
    <div>
      <PrintableDocument />
      <Actions>
        <Link to={href('purchaseOrders')}>← 発注書一覧</Link>
        {order && <PrintButton />}
      </Actions>
      <ErrorAlert error={state.error} />
      {!order && state.loading && <Muted>読み込み中…</Muted>}
      {order && (
        <>
          {order.isSuperseded && (
            <Notice role="status" data-testid="superseded">
              <p>
                この発注書は取引条件の変更により新しい版に差し替えられています。
                {order.supersededBy !== null && (
                  <NoPrint as="span">
                    {' '}
                    <Link to={href('purchaseOrder', { purchaseOrderId: order.supersededBy })}>新しい版を見る</Link>
                  </NoPrint>
                )}
              </p>
            </Notice>
          )}
          <Sheet data-testid="purchase-order">
            <Heading>発注書</Heading>
            <Meta>
              発注番号 {order.number}（{versionLabel(order.version)}）
              {order.isSuperseded ? (
                <Badge $tone="muted">旧版</Badge>
              ) : (
                order.version > 1 && <Badge $tone="alert">変更後の条件</Badge>
              )}
            </Meta>
            <Meta>発行日時 {formatDateTime(order.issuedAt)}（{REASON_LABEL[order.reason] ?? order.reason}）</Meta>
            <Parties>
              <Recipient order={order} />
              <Issuer order={order} />
            </Parties>
            <p>下記のとおり業務を委託します。</p>
            {order.changedFields.length > 0 && (
              <p data-testid="changed-fields">
                前の版からの変更箇所：{order.changedFields.map((field) => TERM_LABEL[field] ?? field).join('、')}
              </p>
            )}
            <Terms order={order} />
          </Sheet>
          {order.versions.length > 1 && (
            <NoPrint>
              <h2>版の履歴</h2>
              <Versions data-testid="purchase-order-versions">
                {order.versions.map((version) => (
                  <li key={version.id}>
                    {version.id === order.id ? (
                      <strong>
                        {versionLabel(version.version)}（{formatDateTime(version.issuedAt)} 発行・表示中）
                      </strong>
                    ) : (
                      <Link to={href('purchaseOrder', { purchaseOrderId: version.id })}>
                        {versionLabel(version.version)}（{formatDateTime(version.issuedAt)} 発行）
                      </Link>
                    )}
                  </li>
                ))}
              </Versions>
            </NoPrint>
          )}
        </>
      )}
    </div>
  );
}
