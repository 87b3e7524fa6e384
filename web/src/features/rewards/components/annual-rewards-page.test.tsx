import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { AnnualRewardsPage } from './annual-rewards-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAll();
});

const zero = { subtotal_reward_amount: 0, consumption_tax: 0, withholding_tax: 0, usage_fee: 0, total_reward_amount: 0, task_count: 0 };
const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...zero, is_confirmed: i < 9 }));
months[2] = { ...months[2], subtotal_reward_amount: 1_150_000, consumption_tax: 115_000, withholding_tax: 132_730, total_reward_amount: 1_132_270, task_count: 1 };

describe('annual rewards page', () => {
  it('shows the year’s sums, twelve months with their state, a chart, and downloads a statement', async () => {
    const api = mockApi({
      'GET /users/me/rewards/2026': {
        body: {
          base_url: '/rewards/2026',
          year: 2026,
          subtotal_reward_amount: 1_150_000,
          consumption_tax: 115_000,
          withholding_tax: 132_730,
          usage_fee: 0,
          total_reward_amount: 1_132_270,
          rewards: months,
          years: [2026, 2025],
        },
      },
      'GET /users/me/rewards/2026/files/download': {
        body: 'pdf',
        headers: { 'Content-Disposition': "attachment; filename*=UTF-8''%E5%B9%B4%E9%96%93.pdf" },
      },
    });
    const createObjectURL = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    render(
      <MemoryRouter>
        <AnnualRewardsPage year={2026} chartWidth={600} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('annual-figures')).toHaveTextContent('1,132,270円'));
    expect(screen.getByTestId('annual-figures')).toHaveTextContent('−132,730円');
    const rows = screen.getAllByTestId('annual-month');
    expect(rows).toHaveLength(12);
    expect(within(rows[2]).getByRole('link', { name: '3月' })).toHaveAttribute('href', '/rewards/2026/3');
    expect(rows[2]).toHaveTextContent('1,150,000円');
    expect(rows[2]).toHaveTextContent('確定');
    expect(rows[11]).toHaveTextContent('未確定');
    expect(screen.getByRole('img', { name: '2026年の月ごとのお振込金額' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2025年' })).toHaveAttribute('href', '/rewards/2025');

    await userEvent.click(screen.getByRole('button', { name: 'PDFでダウンロード' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.called('GET /users/me/rewards/2026/files/download')[0].query.get('format')).toBe('pdf');
  });

  it('says why when the year cannot be read', async () => {
    mockApi({ 'GET /users/me/rewards/2026': { status: 403, body: { error: { message: 'アクセスが許可されていません。' } } } });
    render(
      <MemoryRouter>
        <AnnualRewardsPage year={2026} chartWidth={600} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByText('アクセスが許可されていません。')).toBeInTheDocument());
  });
});
