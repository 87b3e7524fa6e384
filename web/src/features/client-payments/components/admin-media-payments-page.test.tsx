import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { AdminMediaPaymentsPage } from './admin-media-payments-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

const mediaUsage = (canUpdate: boolean) => ({
  client: { id: 7, name: '株式会社デモメディア' },
  media: { id: 3, name: 'デモマガジン' },
  year: 2026,
  month: 10,
  consumption_tax_rate_percent: '10',
  tasks: [],
  option_payments: [{ id: 1, title: '特集追加', amount: 12_005, note: '' }],
  task_amount: 0,
  option_amount: 12_005,
  subtotal_amount: 12_005,
  consumption_tax: 1_200,
  total_amount: 13_205,
  payment: {
    media_id: 3,
    media_name: 'デモマガジン',
    client_id: 7,
    year: 2026,
    month: 10,
    status: 'paid',
    billed_amount: 13_205,
    invoiced_on: '2026-11-01',
    paid_on: '2026-11-30',
    note: '',
    updated_by_name: '伊藤 直樹',
    updated_at: '2026-11-30T01:00:00Z',
  },
  changes: [],
  can_update: canUpdate,
});

function renderPage(canUpdate: boolean) {
  const api = mockApi({
    'GET /clients': { body: { clients: [{ id: 7, company_name: '株式会社デモメディア' }] } },
    'GET /clients/7/media': { body: { media: [{ id: 3, name: 'デモマガジン' }] } },
    'GET /clients/7/media/3/payments/2026/10': { body: mediaUsage(canUpdate) },
  });
  render(
    <MemoryRouter>
      <AdminMediaPaymentsPage initial={{ clientId: 7, mediaId: 3, year: 2026, month: 10 }} />
    </MemoryRouter>,
  );
  return api;
}

describe('the media bill screen', () => {
  it('opens on the month the address names, with what it bills and its bill', async () => {
    const api = renderPage(true);
    const target = await screen.findByTestId('media-payment-target');
    expect(within(target).getByRole('heading', { name: 'デモマガジン 2026年10月' })).toBeInTheDocument();
    expect(within(target).getByTestId('usage-figures')).toHaveTextContent('合計（税込）13,205円');
    expect(within(target).getByTestId('payment-status')).toHaveTextContent('入金済');
    expect(within(target).getByRole('radio', { name: '入金済' })).toBeChecked();
    expect(within(target).getByLabelText(/ご請求額/)).toHaveValue('13205');
    expect(within(target).getByRole('button', { name: '支払い状況を更新' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'クライアント' })).toHaveTextContent('株式会社デモメディア');
    expect(api.called('GET /clients/7/media/3/payments/2026/10')).toHaveLength(1);
  });

  it('is read-only when the server says the reader may not update', async () => {
    renderPage(false);
    expect(await screen.findByTestId('payment-read-only')).toHaveTextContent('支払い状況の更新は経理担当者と管理者が行います。');
    expect(screen.getByRole('button', { name: '支払い状況を更新' })).toBeDisabled();
  });
});
