/** Every open page switches to the maintenance page at a window's start and back at its end, without a reload or a push. */
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resetMaintenance } from '@/features/maintenance/store';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { buildRoutes } from './router';

vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  connectSocket: vi.fn(),
  disconnectSocket: vi.fn(),
}));

const NOW = new Date('2026-11-30T09:00:00Z').getTime();
const at = (ms: number) => new Date(NOW + ms).toISOString();
const window = { id: 3, message: '定期メンテナンスを実施しています。', start_datetime: at(5000), end_datetime: at(10_000), active: false };

function open(role: string) {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  signInAs(role);
  mockApi({ 'GET /maintenance': { body: { maintenance: window, windows: [window], now: at(0) } } });
  render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/manual'] })} />);
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => {
  resetAll();
  resetMaintenance();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('maintenance switch on an open page', () => {
  it('announces the window, shows the maintenance page at its start and the page again at its end', async () => {
    open('general');
    expect(await screen.findByRole('heading', { level: 1, name: 'マニュアル' })).toBeInTheDocument();
    expect(await screen.findByTestId('maintenance-notice')).toHaveTextContent('メンテナンスのお知らせ：2026/11/30 18:00〜2026/11/30 18:00 定期メンテナンスを実施しています。');

    await advance(4000);
    expect(screen.queryByTestId('maintenance-page')).toBeNull();
    await advance(1100);
    expect(screen.getByTestId('maintenance-page')).toHaveTextContent('定期メンテナンスを実施しています。');
    expect(screen.queryByRole('heading', { name: 'マニュアル' })).toBeNull();
    expect(screen.queryByTestId('maintenance-notice')).toBeNull();

    await advance(5000);
    expect(screen.queryByTestId('maintenance-page')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'マニュアル' })).toBeInTheDocument();
  });

  it('keeps staff on their page with a banner', async () => {
    open('tsumugi_manager');
    expect(await screen.findByRole('heading', { level: 1, name: 'マニュアル' })).toBeInTheDocument();
    await advance(5100);
    expect(screen.queryByTestId('maintenance-page')).toBeNull();
    expect(screen.getByTestId('maintenance-staff-banner')).toHaveTextContent('メンテナンス中です');
    expect(screen.getByRole('heading', { level: 1, name: 'マニュアル' })).toBeInTheDocument();
    await advance(5000);
    expect(screen.queryByTestId('maintenance-staff-banner')).toBeNull();
  });

  it('switches a logged-out visitor’s page too, by polling the schedule (no socket before login)', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    let windows: object[] = [];
    const running = { ...window, start_datetime: at(0), end_datetime: at(3600_000), active: true };
    const api = mockApi({ 'GET /maintenance': () => ({ body: { maintenance: windows[0] ?? null, windows, now: at(0) } }) });
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/terms'] })} />);
    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeInTheDocument();
    const asked = api.called('GET /maintenance').length;

    // An admin starts maintenance now: nothing is pushed to this page; the next poll finds it.
    windows = [running];
    await advance(10_100);
    expect(api.called('GET /maintenance').length).toBeGreaterThan(asked);
    expect(screen.getByTestId('maintenance-page')).toHaveTextContent('定期メンテナンスを実施しています。');
  });
});
