import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAll } from '@/lib/reset';
import { choose } from '@/test/controls';
import { mockApi } from '@/test/mock-api';
import { atRoute } from '@/test/route';
import { signInAs } from '@/test/session';
import DeliveryReportsRoute from './delivery-reports';

beforeEach(() => {
  // Only the clock is faked (user events keep real timers): "now" is January, so the default is last December.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2027, 0, 15, 10, 0, 0));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAll();
});

const report = (id: number, year: number, month: number, taskCount: number, rewardTotal: number) => ({
  id,
  media_id: 1,
  media_name: 'デモマガジン',
  year,
  month,
  task_count: taskCount,
  reward_total: rewardTotal,
  created_at: '2026-11-01T03:00:00Z',
});

function renderPage() {
  render(atRoute('/admins/delivery_reports/add', <DeliveryReportsRoute />));
}

const rows = () => within(screen.getByTestId('delivery-report-list')).getAllByRole('row').slice(1);

describe('delivery reports page', () => {
  it('creates the report of last month for a media and lists it first', async () => {
    signInAs('tsumugi_accountant');
    const api = mockApi({
      'GET /v2/delivery_reports': { body: { delivery_reports: [report(1, 2026, 10, 2, 60000)] } },
      'POST /v2/delivery_reports': { status: 201, body: report(2, 2026, 12, 3, 1234567) },
    });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('2026年10月');
    expect(rows()[0]).toHaveTextContent('60,000円');

    // Last month of "now" (2027-01) is 2026-12, across the year.
    expect(screen.getByLabelText('年')).toHaveTextContent('2026年');
    expect(screen.getByLabelText('月')).toHaveTextContent('12月');
    const create = screen.getByRole('button', { name: '納品報告を作成' });
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('媒体ID'), '0');
    expect(create).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('媒体ID'));
    // Full-width digits, as a Japanese IME types them, count.
    await userEvent.type(screen.getByLabelText('媒体ID'), '１');
    expect(create).toBeEnabled();
    await userEvent.click(create);

    expect(await screen.findByRole('status')).toHaveTextContent('デモマガジン の 2026年12月分を作成しました（3件）');
    expect(api.called('POST /v2/delivery_reports')[0].body).toEqual({ media_id: 1, year: 2026, month: 12 });
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('2026年12月');
    expect(rows()[0]).toHaveTextContent('3件');
    expect(rows()[0]).toHaveTextContent('1,234,567円');
  });

  it('sends the chosen year and month', async () => {
    signInAs('tsumugi_manager');
    const api = mockApi({
      'GET /v2/delivery_reports': { body: { delivery_reports: [] } },
      'POST /v2/delivery_reports': { status: 201, body: report(5, 2025, 4, 0, 0) },
    });
    renderPage();
    expect(await screen.findByText('納品報告はまだありません。')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('媒体ID'), '7');
    await choose('年', '2025年');
    await choose('月', '4月');
    await userEvent.click(screen.getByRole('button', { name: '納品報告を作成' }));
    await waitFor(() => expect(api.called('POST /v2/delivery_reports')).toHaveLength(1));
    expect(api.called('POST /v2/delivery_reports')[0].body).toEqual({ media_id: 7, year: 2025, month: 4 });
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('says in Japanese that a month already reported cannot be reported again (422 unique)', async () => {
    signInAs('tsumugi_admin');
    let posts = 0;
    const api = mockApi({
      'GET /v2/delivery_reports': { body: { delivery_reports: [] } },
      'POST /v2/delivery_reports': () =>
        ++posts === 1
          ? { status: 201, body: report(2, 2026, 12, 3, 90000) }
          : { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { month: ['unique'] } } } },
    });
    renderPage();
    await screen.findByText('納品報告はまだありません。');
    await userEvent.type(screen.getByLabelText('媒体ID'), '1');
    await userEvent.click(screen.getByRole('button', { name: '納品報告を作成' }));
    await screen.findByRole('status');

    await userEvent.click(screen.getByRole('button', { name: '納品報告を作成' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容に誤りがあります。');
    expect(alert).toHaveTextContent('月: すでに登録されています');
    // The earlier success is no longer claimed, and the list keeps one report for the month.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(api.called('POST /v2/delivery_reports')).toHaveLength(2);
  });

  it('refuses a non-staff user without asking the server', async () => {
    signInAs('general');
    const api = mockApi({ 'GET /v2/delivery_reports': { body: { delivery_reports: [] } } });
    renderPage();
    expect(screen.getByTestId('forbidden-page')).toHaveTextContent('アクセスが許可されていません');
    expect(api.calls).toHaveLength(0);
  });
});
