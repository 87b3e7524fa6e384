import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetMaintenance, useMaintenance } from '../store';
import type { Maintenance } from '../types';
import { MaintenanceBanner } from './maintenance-banner';

const HOUR = 3600_000;
// 2026-12-01 02:00–05:00 in Tokyo.
const december: Maintenance = { id: 4, message: 'サーバー増強のため停止します。', startDatetime: '2026-11-30T17:00:00Z', endDatetime: '2026-11-30T20:00:00Z' };

afterEach(() => {
  resetMaintenance();
  vi.useRealTimers();
});

const apply = (...windows: Maintenance[]) => act(() => useMaintenance.getState().applySchedule({ maintenance: windows[0] ?? null, windows }));

describe('maintenance banner', () => {
  it('announces a window starting within a day, in Tokyo time', () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T09:00:00Z'), shouldAdvanceTime: true });
    apply(december);
    render(<MaintenanceBanner staff={false} />);
    expect(screen.getByTestId('maintenance-notice')).toHaveTextContent('メンテナンスのお知らせ：2026/12/1 02:00〜2026/12/1 05:00 サーバー増強のため停止します。');
  });

  it('says nothing of a window more than a day ahead, until it comes within a day', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T16:00:00Z') });
    apply(december);
    render(<MaintenanceBanner staff={false} />);
    expect(screen.queryByTestId('maintenance-notice')).toBeNull();
    act(() => vi.advanceTimersByTime(HOUR + 100));
    expect(screen.getByTestId('maintenance-notice')).toBeInTheDocument();
  });

  it('stays dismissed for that window, in this browser, and comes back for another window', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T09:00:00Z'), shouldAdvanceTime: true });
    apply(december);
    const { unmount } = render(<MaintenanceBanner staff={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'お知らせを閉じる' }));
    expect(screen.queryByTestId('maintenance-notice')).toBeNull();
    unmount();

    // A reload reads the dismissal back from localStorage.
    vi.resetModules();
    const reloaded = await import('../store');
    expect(reloaded.useMaintenance.getState().dismissed).toEqual([reloaded.noticeKey(december)]);

    const moved = { ...december, id: 5, startDatetime: '2026-11-30T18:00:00Z' };
    apply(moved);
    render(<MaintenanceBanner staff={false} />);
    expect(screen.getByTestId('maintenance-notice')).toHaveTextContent('2026/12/1 03:00〜2026/12/1 05:00');
  });

  it('reminds staff of a running window; others see the maintenance page instead', () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T18:00:00Z') });
    apply(december);
    const { rerender } = render(<MaintenanceBanner staff />);
    expect(screen.getByTestId('maintenance-staff-banner')).toHaveTextContent('メンテナンス中です（2026/12/1 02:00〜2026/12/1 05:00）。スタッフのみ操作できます。');
    expect(screen.queryByTestId('maintenance-notice')).toBeNull();
    rerender(<MaintenanceBanner staff={false} />);
    expect(screen.queryByTestId('maintenance-staff-banner')).toBeNull();
  });
});
