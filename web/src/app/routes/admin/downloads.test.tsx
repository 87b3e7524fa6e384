import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import DownloadsRoute from './downloads';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAll();
});

const month = (m: number, transferCount: number, transferTotal: number) => ({
  year: 2026,
  month: m,
  confirmed_at: `2026-${String(m + 1).padStart(2, '0')}-03T01:00:00Z`,
  statement_count: 3,
  total_reward_amount: 61106,
  transfer_count: transferCount,
  transfer_total: transferTotal,
  without_bank_account_count: 1,
  payment_date: m === 2 ? '2026-03-31' : '2026-02-27',
});

describe('downloads (/admins/downloads)', () => {
  it('downloads the transfer file of the picked confirmed month and shows why a file failed', async () => {
    signInAs('tsumugi_accountant');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zengin'), revokeObjectURL: vi.fn() }));
    const api = mockApi({
      'GET /admin/downloads': { body: { months: [month(2, 2, 51127), month(1, 1, 9979)] } },
      'GET /admin/downloads/transfer_file': {
        body: 'x',
        headers: { 'Content-Disposition': "attachment; filename=\"zengin-transfer-2026-01.txt\"; filename*=UTF-8''%E7%B7%8F%E5%90%88%E6%8C%AF%E8%BE%BC_2026%E5%B9%B401%E6%9C%88%E5%88%86.txt" },
      },
      'GET /admin/downloads/statements': { status: 422, body: { error: { message: '2026年1月の報酬はまだ確定していません。' } } },
    });
    render(
      <MemoryRouter>
        <DownloadsRoute />
      </MemoryRouter>,
    );

    const panel = await screen.findByTestId('download-month');
    expect(panel).toHaveTextContent('振込予定日2026/3/31');
    expect(panel).toHaveTextContent('振込データ2件（51,127円）');
    expect(panel).toHaveTextContent('振込データに含まれません');

    await userEvent.click(screen.getByRole('combobox', { name: '対象月' }));
    await userEvent.click(screen.getByRole('option', { name: '2026年1月分' }));
    expect(panel).toHaveTextContent('振込データ1件（9,979円）');

    await userEvent.click(screen.getByRole('button', { name: '振込データ（全銀フォーマット）をダウンロード' }));
    await waitFor(() => expect(saved).toEqual(['総合振込_2026年01月分.txt']));
    const call = api.called('GET /admin/downloads/transfer_file')[0];
    expect([call.query.get('year'), call.query.get('month')]).toEqual(['2026', '1']);

    await userEvent.click(screen.getByRole('button', { name: '報酬明細（Excel）をダウンロード' }));
    expect(await screen.findByText('2026年1月の報酬はまだ確定していません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '報酬明細（Excel）をダウンロード' })).toBeEnabled();
  });

  it('says when no month is confirmed yet', async () => {
    signInAs('tsumugi_admin');
    mockApi({ 'GET /admin/downloads': { body: { months: [] } } });
    render(
      <MemoryRouter>
        <DownloadsRoute />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/確定済みの月はまだありません。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '報酬確定' })).toHaveAttribute('href', '/admins/reward_confirmation');
  });
});
