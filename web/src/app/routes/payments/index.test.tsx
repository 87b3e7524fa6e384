import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORBIDDEN_TITLE } from '@/components/status-page';
import { resetAll } from '@/lib/reset';
import { type Call, mockApi } from '@/test/mock-api';
import { atRoute } from '@/test/route';
import { signInAs } from '@/test/session';
import PaymentsRoute from './index';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetAll();
});

const paging = (total: number) => ({ current_page: 1, last_page: 1, per_page: 20, total });

/** March 2026 is live (未確定); February is confirmed. */
const monthOf = (call: Call) => {
  const month = Number(call.query.get('month'));
  const confirmed = month === 2;
  return {
    year: Number(call.query.get('year')),
    month,
    is_confirmed: confirmed,
    confirmed_at: confirmed ? '2026-03-03T01:00:00Z' : null,
    payment_date: month === 2 ? '2026-03-31' : '2026-04-30',
  };
};

const figures = (subtotal: number, tax: number, withheld: number) => ({
  subtotal_reward_amount: subtotal,
  consumption_tax: tax,
  withholding_tax: withheld,
  usage_fee: 0,
  total_reward_amount: subtotal + tax - withheld,
});

const routes = {
  'GET /payments/completed_tasks': (call: Call) => ({
    body: {
      ...paging(2),
      ...monthOf(call),
      tasks: [
        {
          task_id: 41,
          title: '京都の紅葉特集',
          task_type: 'writing',
          completed_date: '2026-03-31',
          reward_amount: 600000,
          creator: { id: 7, user_name: '山田 花子' },
          media_id: 1,
          media_name: 'デモマガジン',
          project_name: '秋の特集',
          work_name: '十一月号',
          is_confirmed: false,
          received_on: '2026-03-31',
          payment_due_date: '2026-04-30',
          is_paid_late: false,
        },
        {
          task_id: 42,
          title: '冬の温泉特集',
          task_type: 'writing',
          completed_date: '2026-03-05',
          reward_amount: 30000,
          creator: { id: 8, user_name: '佐藤 健' },
          media_id: 1,
          media_name: 'デモマガジン',
          project_name: '冬の特集',
          work_name: '一月号',
          is_confirmed: false,
          received_on: '2026-02-20',
          payment_due_date: '2026-03-31',
          is_paid_late: true,
        },
      ],
    },
  }),
  'GET /payments/users': (call: Call) => {
    const month = monthOf(call);
    const amounts = month.is_confirmed ? figures(50000, 5000, 5105) : figures(1200000, 120000, 142940);
    return {
      body: {
        ...paging(1),
        ...month,
        sums: { user_count: 1, without_bank_account_count: month.is_confirmed ? 0 : 1, ...amounts },
        users: [
          {
            user_id: 7,
            user_name: '山田 花子',
            payee_name: '山田 花子',
            account_type: 'personal',
            task_count: 2,
            ...amounts,
            has_bank_account: month.is_confirmed,
            is_confirmed: month.is_confirmed,
          },
        ],
      },
    };
  },
  'GET /payments/bank_accounts': (call: Call) => ({
    body: {
      ...paging(1),
      accounts: [
        {
          user_id: 7,
          user_name: call.query.get('words') ? '山田 花子' : '佐藤 健',
          name: '山田 花子',
          name_kana: 'ヤマダ ハナコ',
          bank_account: {
            bank_code: '0001',
            bank_name: 'みずほ',
            branch_code: '001',
            branch_name: '東京営業部',
            deposit_type: 'ordinary',
            number: '1234567',
            holder_kana: 'ヤマダ　ハナコ',
          },
          invoice_registration_number: 'T7123456789012',
          pays_from: '2026-11-01',
        },
      ],
    },
  }),
};

function renderAt(url: string) {
  render(atRoute(url, <PaymentsRoute />));
}

describe('payments (/payments)', () => {
  it('shows the three tabs to an accountant, each month of them, and finds accounts by name', async () => {
    signInAs('tsumugi_accountant');
    const api = mockApi(routes);
    renderAt('/payments?year=2026&month=3');

    expect(await screen.findByRole('heading', { name: '支払い' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: '支払いのタブ' });
    expect(within(tabs).getByRole('link', { name: '完了タスク' })).toHaveAttribute('aria-current', 'page');
    const [row, late] = await screen.findAllByTestId('completed-task-payment');
    expect(row).toHaveTextContent('2026/3/31');
    expect(row).toHaveTextContent('山田 花子');
    expect(row).toHaveTextContent('600,000円');
    expect(row).toHaveTextContent('未確定');
    expect(row).toHaveTextContent('2026/3/31／2026/4/30');
    expect(row).not.toHaveTextContent('支払期日超過');
    // Accepted after February was confirmed: paid with March, after its purchase order's date.
    expect(late).toHaveTextContent('2026/2/20／2026/3/31');
    expect(within(late).getByText('支払期日超過')).toBeInTheDocument();
    expect(screen.getByText(/納品を受領した月の報酬確定後に検収されました/)).toBeInTheDocument();
    expect(screen.getByTestId('month-state')).toHaveTextContent('未確定');
    expect(screen.getByText('振込予定日 2026/4/30')).toBeInTheDocument();
    expect(api.called('GET /payments/completed_tasks')[0].query.get('month')).toBe('3');

    // Each creator's payment of the same month, with the month's sums.
    await userEvent.click(within(tabs).getByRole('link', { name: 'クリエイター別' }));
    const payment = await screen.findByTestId('user-payment');
    expect(payment).toHaveTextContent('1,177,060円');
    expect(payment).toHaveTextContent('−142,940円');
    expect(within(payment).getByText('未登録')).toBeInTheDocument();
    expect(screen.getByTestId('payment-sums')).toHaveTextContent('口座未登録1人');
    expect(within(tabs).getByRole('link', { name: 'クリエイター別' })).toHaveAttribute('aria-current', 'page');

    // The month before is confirmed: its stored figures.
    await userEvent.click(screen.getByRole('link', { name: '← 2026年2月' }));
    await waitFor(() => expect(screen.getByTestId('month-state')).toHaveTextContent(/^確定$/));
    expect(screen.getByTestId('user-payment')).toHaveTextContent('49,895円');
    expect(screen.getByText('振込予定日 2026/3/31')).toBeInTheDocument();
    expect(api.called('GET /payments/users').at(-1)?.query.get('month')).toBe('2');

    // The creators' accounts, searched by reading.
    await userEvent.click(within(tabs).getByRole('link', { name: '振込先口座' }));
    expect(await screen.findByTestId('payee-account')).toHaveTextContent('佐藤 健');
    await userEvent.type(screen.getByRole('textbox', { name: '名前・カナ' }), 'ヤマダ');
    await userEvent.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(screen.getByTestId('payee-account')).toHaveTextContent('山田 花子'));
    expect(api.called('GET /payments/bank_accounts').at(-1)?.query.get('words')).toBe('ヤマダ');
    expect(screen.getByTestId('payee-account')).toHaveTextContent('みずほ（0001）');
    expect(screen.getByTestId('payee-account')).toHaveTextContent('2026年11月分から');
  });

  it('refuses a manager without asking the server', async () => {
    signInAs('tsumugi_manager');
    const api = mockApi(routes);
    renderAt('/payments');
    expect(await screen.findByText(FORBIDDEN_TITLE)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
