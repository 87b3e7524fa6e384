import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { mockApi } from '@/test/mock-api';
import { usePurchaseOrders } from '../store';
import { PurchaseOrderDetailPage } from './purchase-order-detail-page';
import { PurchaseOrderListPage } from './purchase-order-list-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  usePurchaseOrders.setState({
    list: { data: null, loading: false, error: null },
    order: { data: null, loading: false, error: null },
  });
});

const summary = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  number: `0000${id}-1`,
  version: 1,
  is_revised: false,
  issued_at: '2026-11-20T01:00:00Z',
  task_id: id,
  task_type: 'writing',
  title: `記事 ${id}`,
  client_name: '株式会社デモメディア',
  media_name: 'デモマガジン',
  order_date: '2026-11-20',
  due_date: '2026-11-27',
  reward_amount: 30000,
  consumption_tax: 3000,
  total_amount: 33000,
  received_on: null,
  payment_due_date: null,
  ...over,
});

const order = (over: Record<string, unknown> = {}) => ({
  id: 12,
  number: '000007-2',
  version: 2,
  reason: 'revised',
  issued_at: '2026-11-21T01:00:00Z',
  is_superseded: false,
  superseded_by: null,
  changed_fields: ['reward_amount', 'due_date'],
  versions: [
    { id: 11, version: 1, issued_at: '2026-11-20T01:00:00Z' },
    { id: 12, version: 2, issued_at: '2026-11-21T01:00:00Z' },
  ],
  issuer: { name: '株式会社つむぎ', address: '東京都渋谷区神南一丁目2番3号', invoice_registration_number: 'T8100000000008' },
  recipient: { user_id: 3, name: '山田 花子', account_type: 'personal', invoice_registration_number: 'T7123456789012' },
  client_name: '株式会社デモメディア',
  media_name: 'デモマガジン',
  project_name: '冬の温泉ガイド',
  work_name: '本編',
  task_id: 7,
  task_type: 'writing',
  title: '冬の温泉ガイド 本文執筆',
  reward_amount: 35000,
  consumption_tax_rate_percent: '10',
  consumption_tax: 3500,
  total_amount: 38500,
  withholding_applies: true,
  order_date: '2026-11-13',
  due_date: '2026-12-04',
  delivery_place: 'Tsumugi のタスクページ（ファイルのアップロードまたは外部URLの登録による納品）',
  received_on: '2026-11-28',
  inspected_on: null,
  payment_terms: '納品月の翌月末日（毎月末日締め・翌月末日払い。納品物を受領した日から起算して60日以内）',
  payment_due_date: '2026-12-31',
  payment_method: '登録口座への銀行振込',
  ...over,
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/purchase_orders" element={<PurchaseOrderListPage />} />
        <Route path="/purchase_orders/:id" element={<DetailRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

function DetailRoute() {
  return <PurchaseOrderDetailPage purchaseOrderId={Number(useParams().id)} />;
}

describe('purchase order list', () => {
  it('lists the orders with yen, dates and the revised ones marked, and pages on', async () => {
    const api = mockApi({
      'GET /users/me/purchase_orders': (call) =>
        call.query.get('page') === '2'
          ? { body: { base_url: '/purchase_orders', current_page: 2, last_page: 2, per_page: 20, total: 21, purchase_orders: [summary(1)] } }
          : {
              body: {
                base_url: '/purchase_orders',
                current_page: 1,
                last_page: 2,
                per_page: 20,
                total: 21,
                purchase_orders: [
                  summary(7, { version: 2, is_revised: true, number: '000007-2', reward_amount: 1200000, consumption_tax: 120000, total_amount: 1320000, payment_due_date: '2026-12-31' }),
                  summary(6, { reward_amount: null, consumption_tax: null, total_amount: null, due_date: null }),
                ],
              },
            },
    });
    renderAt('/purchase_orders');
    const rows = await screen.findAllByTestId('purchase-order');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2026/11/20');
    expect(rows[0]).toHaveTextContent('変更あり（第2版）');
    expect(rows[0]).toHaveTextContent('1,200,000円');
    expect(rows[0]).toHaveTextContent('1,320,000円');
    expect(rows[0]).toHaveTextContent('2026/12/31');
    expect(within(rows[0]).getByRole('link', { name: '記事 7' })).toHaveAttribute('href', '/purchase_orders/7');
    expect(rows[1]).toHaveTextContent('未定');
    expect(rows[1]).toHaveTextContent('納品後に確定');
    expect(rows[1]).not.toHaveTextContent('変更あり');

    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() => expect(screen.getAllByTestId('purchase-order')).toHaveLength(1));
    expect(api.called('GET /users/me/purchase_orders').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('says the list could not be fetched', async () => {
    mockApi({ 'GET /users/me/purchase_orders': { status: 500, body: { error: { message: 'サーバーエラーが発生しました' } } } });
    renderAt('/purchase_orders');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('発注一覧の取得に失敗しました');
    expect(alert).toHaveTextContent('サーバーエラーが発生しました');
  });
});

describe('purchase order detail', () => {
  it('states the parties, the work, the amount with tax, the dates and the payment, and prints', async () => {
    mockApi({ 'GET /users/me/purchase_orders/12': { body: order() } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt('/purchase_orders/12');
    const sheet = await screen.findByTestId('purchase-order');
    expect(sheet).toHaveTextContent('発注番号 000007-2（第2版）');
    expect(within(sheet).getByTestId('recipient')).toHaveTextContent('山田 花子 様');
    expect(within(sheet).getByTestId('recipient')).toHaveTextContent('登録番号：T7123456789012');
    expect(within(sheet).getByTestId('issuer')).toHaveTextContent('株式会社つむぎ');
    expect(within(sheet).getByTestId('issuer')).toHaveTextContent('登録番号：T8100000000008');
    const terms = within(sheet).getByTestId('purchase-order-terms');
    for (const text of [
      '発注日2026/11/13',
      '冬の温泉ガイド 本文執筆（執筆）',
      '報酬の額（税抜）35,000円',
      '消費税（10%）3,500円',
      '合計（税込）38,500円',
      '納期2026/12/4',
      '納品場所・方法Tsumugi のタスクページ',
      '納品日2026/11/28',
      '検収完了日未検収',
      '支払期日2026/12/31（納品月の翌月末日',
      '支払方法登録口座への銀行振込',
      '源泉徴収',
    ]) {
      expect(terms).toHaveTextContent(text);
    }
    expect(screen.getByTestId('changed-fields')).toHaveTextContent('前の版からの変更箇所：報酬の額、納期');
    expect(screen.queryByTestId('superseded')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('purchase-order-versions')).getByRole('link', { name: /第1版/ })).toHaveAttribute('href', '/purchase_orders/11');
    await userEvent.click(screen.getByRole('button', { name: '印刷' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('marks a superseded version and links the newer one; an undecided amount says so', async () => {
    mockApi({
      'GET /users/me/purchase_orders/11': {
        body: order({
          id: 11,
          version: 1,
          number: '000007-1',
          reason: 'taken',
          is_superseded: true,
          superseded_by: 12,
          changed_fields: [],
          reward_amount: null,
          consumption_tax: null,
          total_amount: null,
          received_on: null,
          payment_due_date: null,
          recipient: { user_id: 3, name: '株式会社やまだ', account_type: 'corporate', invoice_registration_number: null },
          withholding_applies: false,
        }),
      },
    });
    renderAt('/purchase_orders/11');
    const notice = await screen.findByTestId('superseded');
    expect(notice).toHaveTextContent('新しい版に差し替えられています');
    expect(within(notice).getByRole('link', { name: '新しい版を見る' })).toHaveAttribute('href', '/purchase_orders/12');
    const sheet = screen.getByTestId('purchase-order');
    expect(sheet).toHaveTextContent('旧版');
    expect(within(sheet).getByTestId('recipient')).toHaveTextContent('株式会社やまだ 御中');
    expect(within(sheet).getByTestId('recipient')).toHaveTextContent('登録番号：なし');
    const terms = within(sheet).getByTestId('purchase-order-terms');
    expect(terms).toHaveTextContent('報酬の額（税抜）未定');
    expect(terms).not.toHaveTextContent('消費税');
    expect(terms).toHaveTextContent('支払期日納品月の翌月末日');
    expect(terms).not.toHaveTextContent('源泉徴収');
    expect(screen.queryByTestId('changed-fields')).not.toBeInTheDocument();
  });

  it('says when the order is not there', async () => {
    mockApi({ 'GET /users/me/purchase_orders/12': { status: 404, body: { error: { message: 'お探しのデータは存在しません。' } } } });
    renderAt('/purchase_orders/12');
    expect(await screen.findByRole('alert')).toHaveTextContent('お探しのデータは存在しません。');
    expect(screen.queryByRole('button', { name: '印刷' })).not.toBeInTheDocument();
  });
});
