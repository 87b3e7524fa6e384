import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { atRoute } from '@/test/route';
import { signInAs } from '@/test/session';
import RewardConfirmationRoute from './reward-confirmation';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAll();
});

const september = {
  id: 7,
  year: 2026,
  month: 9,
  confirmed_at: '2026-10-02T01:00:00Z',
  confirmed_by: 5,
  confirmed_by_name: '経理 太郎',
  statement_count: 2,
  total_reward_amount: 1_204_979,
};
const listOf = (rows: unknown[]) => ({
  current_page: 1,
  last_page: 1,
  per_page: 24,
  total: rows.length,
  reward_confirmations: rows,
  latest_confirmable: { year: 2026, month: 10 },
});

const awaiting = (year: number, month: number, count: number) => ({
  year,
  month,
  total: count,
  tasks: Array.from({ length: count }, (_, n) => ({
    task_id: 40 + n,
    title: `十月の記事 ${n + 1}`,
    project_id: 3,
    project_name: '秋の特集',
    client_name: 'デモ出版',
    received_on: '2026-10-31',
  })),
});

function renderPage() {
  render(atRoute('/admins/reward_confirmation', <RewardConfirmationRoute />));
}

describe('reward confirmation page', () => {
  it('confirms the newest ended month after asking, then lists it', async () => {
    signInAs('tsumugi_accountant');
    let confirmed = false;
    const october = { ...september, id: 8, month: 10, statement_count: 3, total_reward_amount: 2_000_000 };
    const api = mockApi({
      'GET /reward_confirmations': () => ({ body: listOf(confirmed ? [october, september] : [september]) }),
      'GET /reward_confirmations/awaiting_inspection': ({ query }) => ({ body: awaiting(Number(query.get('year')), Number(query.get('month')), query.get('month') === '10' ? 2 : 0) }),
      'POST /reward_confirmations': () => {
        confirmed = true;
        return { status: 201, body: october };
      },
    });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('confirmations')).toHaveTextContent('2026年9月'));
    expect(screen.getByTestId('confirmations')).toHaveTextContent('1,204,979円');
    expect(screen.getByLabelText('対象月')).toHaveValue('2026-10');
    // Two October deliveries are not inspected yet: confirming now would pay them late.
    const warning = await screen.findByTestId('awaiting-inspection');
    expect(warning).toHaveTextContent('2026年10月に受領した納品のうち、2件がまだ検収されていません。');
    expect(screen.getByRole('link', { name: '十月の記事 1' })).toHaveAttribute('href', '/tasks/40');
    expect(warning).toHaveTextContent('デモ出版／秋の特集・受領 2026/10/31');
    expect(api.called('GET /reward_confirmations/awaiting_inspection')[0].query.get('month')).toBe('10');

    await userEvent.click(screen.getByRole('button', { name: '報酬を確定する' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('2026年10月の報酬を確定しますか？');
    expect(screen.getByRole('dialog')).toHaveTextContent('検収待ちの納品が2件あります。');
    expect(api.called('POST /reward_confirmations')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '確定する' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2026年10月の報酬を確定しました（3名・2,000,000円）。'));
    expect(api.called('POST /reward_confirmations')[0].body).toEqual({ year: 2026, month: 10 });
    await waitFor(() => expect(screen.getByTestId('confirmations')).toHaveTextContent('2026年10月'));
    expect(screen.getByRole('button', { name: '報酬を確定する' })).toBeDisabled();
    expect(screen.getByText('この月は確定済みです。')).toBeInTheDocument();
    expect(screen.queryByTestId('awaiting-inspection')).not.toBeInTheDocument();

    // September is confirmed too; August had everything inspected.
    fireEvent.change(screen.getByLabelText('対象月'), { target: { value: '2026-08' } });
    await waitFor(() => expect(screen.getByTestId('awaiting-inspection')).toHaveTextContent('この月に受領した納品はすべて検収済みです。'));
  });

  it('shows the server’s reason when a month cannot be confirmed', async () => {
    signInAs('tsumugi_admin');
    mockApi({
      'GET /reward_confirmations': { body: listOf([]) },
      'GET /reward_confirmations/awaiting_inspection': { body: awaiting(2026, 10, 0) },
      'POST /reward_confirmations': { status: 422, body: { error: { message: '終わっていない月の報酬は確定できません。' } } },
    });
    renderPage();
    await waitFor(() => expect(screen.getByText(/まだ確定した月はありません/)).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '報酬を確定する' }));
    await userEvent.click(screen.getByRole('button', { name: '確定する' }));
    await waitFor(() => expect(screen.getByText('終わっていない月の報酬は確定できません。')).toBeInTheDocument());
  });

  it('is refused to a manager', () => {
    signInAs('tsumugi_manager');
    mockApi({});
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('月次報酬の確定');
  });
});

describe('reward settings', () => {
  it('saves the rates and sets and clears a creator’s reduced withholding rate, with rule messages in Japanese', async () => {
    signInAs('tsumugi_accountant');
    let settings = { consumption_tax_rate_percent: '10', usage_fee_percent: '0', reduced_withholding_rates: [] as unknown[] };
    const api = mockApi({
      'GET /reward_confirmations': { body: listOf([]) },
      'GET /reward_confirmations/awaiting_inspection': { body: awaiting(2026, 10, 0) },
      'GET /admin/reward_settings': () => ({ body: settings }),
      'PUT /admin/reward_settings': ({ body }) => {
        const input = body as { usage_fee_percent: string };
        if (input.usage_fee_percent === '101') return { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { usage_fee_percent: ['percent'] } } } };
        settings = { ...settings, usage_fee_percent: input.usage_fee_percent };
        return { body: settings };
      },
      'PUT /admin/users/12/reduced_withholding_rate': ({ body }) => {
        const rate = (body as { rate_percent: string | null }).rate_percent;
        settings = { ...settings, reduced_withholding_rates: rate ? [{ user_id: 12, user_name: 'ジョン スミス', rate_percent: rate }] : [] };
        return { body: settings };
      },
    });
    renderPage();
    const fee = await screen.findByLabelText('利用料（報酬小計に対する%）');
    await userEvent.clear(fee);
    await userEvent.type(fee, '101');
    await userEvent.click(screen.getByRole('button', { name: '税率・利用料を保存' }));
    await waitFor(() => expect(screen.getByText('0〜100の数値で入力してください（小数は第2位まで）')).toBeInTheDocument());
    await userEvent.clear(screen.getByLabelText('利用料（報酬小計に対する%）'));
    await userEvent.type(screen.getByLabelText('利用料（報酬小計に対する%）'), '２.５');
    await userEvent.click(screen.getByRole('button', { name: '税率・利用料を保存' }));
    await waitFor(() => expect(screen.getByLabelText('利用料（報酬小計に対する%）')).toHaveValue('2.5'));
    expect(api.called('PUT /admin/reward_settings').at(-1)?.body).toEqual({ consumption_tax_rate_percent: '10', usage_fee_percent: '2.5' });

    await userEvent.type(screen.getByLabelText('クリエイターID'), '12');
    await userEvent.type(screen.getByLabelText('源泉徴収税率（%）'), '10');
    await userEvent.click(screen.getByRole('button', { name: '軽減税率を設定' }));
    await waitFor(() => expect(screen.getByTestId('reduced-rates')).toHaveTextContent('ジョン スミス'));
    expect(screen.getByTestId('reduced-rates')).toHaveTextContent('10%');
    await userEvent.click(screen.getByRole('button', { name: '解除' }));
    await waitFor(() => expect(screen.getByText('設定されたクリエイターはいません。')).toBeInTheDocument());
    expect(api.called('PUT /admin/users/12/reduced_withholding_rate').at(-1)?.body).toEqual({ rate_percent: null });
  });
});
