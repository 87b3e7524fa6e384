import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerConfirm } from '@/test/controls';
import { mockApi } from '@/test/mock-api';
import { resetMaintenance } from '../store';
import { MaintenanceAdminCard } from './maintenance-admin-card';

const NOW = new Date('2026-11-30T09:00:00Z');
const scheduled = { id: 7, message: '定期メンテナンス', start_datetime: '2026-11-30T17:00:00Z', end_datetime: '2026-11-30T20:00:00Z', active: false };
const running = { id: 6, message: '緊急メンテナンス', start_datetime: '2026-11-30T08:30:00Z', end_datetime: '2026-11-30T10:00:00Z', active: true };
const schedule = (...windows: object[]) => ({ body: { maintenance: windows[0] ?? null, windows, now: NOW.toISOString() } });

beforeEach(() => vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true }));
afterEach(() => {
  resetMaintenance();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const card = () => screen.getByTestId('maintenance-admin');

describe('maintenance admin card', () => {
  it('schedules a window in Tokyo time and lists it', async () => {
    let windows: object[] = [];
    const api = mockApi({
      'GET /maintenance': () => schedule(...windows),
      'POST /admin/maintenance/windows': () => {
        windows = [scheduled];
        return { status: 201, body: scheduled };
      },
    });
    render(<MaintenanceAdminCard />);
    expect(within(card()).getByText('メンテナンスは設定されていません。')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('メッセージ'));
    await userEvent.type(screen.getByLabelText('メッセージ'), '定期メンテナンス');
    await userEvent.type(screen.getByLabelText('開始日時'), '2026-12-01T02:00');
    await userEvent.type(screen.getByLabelText('終了日時'), '2026-12-01T05:00');
    await userEvent.click(screen.getByRole('button', { name: 'メンテナンスを設定' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('メンテナンスを設定しました'));
    expect(api.called('POST /admin/maintenance/windows')[0].body).toEqual({
      message: '定期メンテナンス',
      start_datetime: '2026-12-01T02:00:00+09:00',
      end_datetime: '2026-12-01T05:00:00+09:00',
    });
    const row = within(screen.getByRole('table', { name: '予定・実施中のメンテナンス' })).getAllByRole('row')[1];
    expect(row).toHaveTextContent('2026/12/1 02:00〜2026/12/1 05:00');
    expect(row).toHaveTextContent('予定');
    expect(row).toHaveTextContent('定期メンテナンス');
    expect(screen.getByRole('button', { name: 'メンテナンスを解除' })).toBeDisabled();
  });

  it('words the server’s refusals next to the fields', async () => {
    mockApi({
      'POST /admin/maintenance/windows': {
        status: 422,
        body: { error: { message: '入力内容に誤りがあります。', rules: { end_datetime: ['after:start_datetime'], start_datetime: ['overlap'], message: ['required'] } } },
      },
    });
    render(<MaintenanceAdminCard />);
    await userEvent.click(screen.getByRole('button', { name: 'メンテナンスを設定' }));
    expect(await screen.findByText('終了日時は開始日時より後にしてください')).toBeInTheDocument();
    expect(screen.getByText('ほかのメンテナンスと期間が重なっています')).toBeInTheDocument();
    expect(screen.getByText('必須項目です')).toBeInTheDocument();
  });

  it('cancels an upcoming window after asking, and ends a running one', async () => {
    let windows: object[] = [running, scheduled];
    const api = mockApi({
      'GET /maintenance': () => schedule(...windows),
      'DELETE /admin/maintenance/windows/7': () => {
        windows = [running];
        return { status: 204 };
      },
      'DELETE /admin/maintenance': () => {
        windows = [];
        return { status: 204 };
      },
    });
    const { useMaintenance } = await import('../store');
    await useMaintenance.getState().refresh();
    render(<MaintenanceAdminCard />);

    const rows = () => within(screen.getByRole('table', { name: '予定・実施中のメンテナンス' })).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('実施中');
    expect(within(rows()[0]).getByRole('button')).toHaveTextContent('今すぐ終了');

    await userEvent.click(within(rows()[1]).getByRole('button', { name: '取り消す' }));
    expect(screen.getByRole('dialog', { name: 'メンテナンスを取り消しますか？' })).toHaveTextContent('2026/12/1 02:00〜2026/12/1 05:00');
    await answerConfirm('メンテナンスを取り消しますか？', false);
    expect(api.called('DELETE /admin/maintenance/windows/7')).toHaveLength(0);
    await userEvent.click(within(rows()[1]).getByRole('button', { name: '取り消す' }));
    await answerConfirm('メンテナンスを取り消しますか？', true);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('メンテナンスを取り消しました');

    await userEvent.click(screen.getByRole('button', { name: 'メンテナンスを解除' }));
    await waitFor(() => expect(screen.getByText('メンテナンスは設定されていません。')).toBeInTheDocument());
    expect(api.called('DELETE /admin/maintenance')).toHaveLength(1);
  });

  it('starts maintenance now until the end given', async () => {
    const api = mockApi({ 'PUT /admin/maintenance': schedule(running) });
    render(<MaintenanceAdminCard />);
    await userEvent.type(screen.getByLabelText('終了日時'), '2026-11-30T19:00');
    await userEvent.click(screen.getByRole('button', { name: '今すぐ開始' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('メンテナンスを開始しました'));
    expect(api.called('PUT /admin/maintenance')[0].body).toEqual({
      message: 'システムメンテナンスのため、サービスを一時停止します。',
      end_datetime: '2026-11-30T19:00:00+09:00',
    });
    expect(screen.getByRole('button', { name: 'メンテナンスを解除' })).toBeEnabled();
  });
});
