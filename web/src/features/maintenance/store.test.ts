import { MaintenanceError } from '@/lib/errors';
import { mockApi } from '@/test/mock-api';
import { NOTICE_AHEAD_MS, noticeKey, resetMaintenance, useMaintenance } from './store';
import type { Maintenance } from './types';

const HOUR = 3600_000;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const window = (id: number, startIn: number, endIn: number, message = 'メンテナンス'): Maintenance => ({
  id,
  message,
  startDatetime: iso(startIn),
  endDatetime: iso(endIn),
  active: startIn <= 0,
});
const state = () => useMaintenance.getState();

afterEach(() => {
  resetMaintenance();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('maintenance store', () => {
  it('is active only inside a window, and names the running one before the next', () => {
    const running = window(1, -HOUR, HOUR);
    const next = window(2, 2 * HOUR, 3 * HOUR);
    state().applySchedule({ maintenance: running, windows: [running, next] });
    expect(state().active).toBe(true);
    expect(state().maintenance?.id).toBe(1);

    state().applySchedule({ maintenance: next, windows: [next] });
    expect(state().active).toBe(false);
    expect(state().maintenance?.id).toBe(2);

    state().applySchedule({ maintenance: null, windows: [] });
    expect(state().active).toBe(false);
    expect(state().maintenance).toBeNull();
  });

  it('switches on at the start and off at the end by itself', () => {
    vi.useFakeTimers();
    const w = window(1, 1000, 61_000);
    state().applySchedule({ maintenance: w, windows: [w] });
    expect(state().active).toBe(false);
    vi.advanceTimersByTime(1100);
    expect(state().active).toBe(true);
    expect(state().maintenance?.id).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(state().active).toBe(false);
    expect(state().maintenance).toBeNull();
  });

  it('goes on to the next window after one ends', () => {
    vi.useFakeTimers();
    const first = window(1, -1000, 1000);
    const second = window(2, 5000, 9000);
    state().applySchedule({ maintenance: first, windows: [first, second] });
    expect(state().active).toBe(true);
    vi.advanceTimersByTime(1100);
    expect(state().active).toBe(false);
    expect(state().maintenance?.id).toBe(2);
    vi.advanceTimersByTime(4000);
    expect(state().active).toBe(true);
    expect(state().maintenance?.id).toBe(2);
  });

  it('follows the server clock when this browser’s clock is behind', () => {
    vi.useFakeTimers();
    // The server is two minutes ahead: a window that started a minute ago by its clock.
    const serverNow = Date.now() + 2 * 60_000;
    const w: Maintenance = { id: 1, message: 'm', startDatetime: new Date(serverNow - 60_000).toISOString(), endDatetime: new Date(serverNow + 60_000).toISOString() };
    state().applySchedule({ maintenance: w, windows: [w], now: new Date(serverNow).toISOString() });
    expect(state().active).toBe(true);
    vi.advanceTimersByTime(60_100);
    expect(state().active).toBe(false);
  });

  it('announces a window from a day ahead of its start', () => {
    vi.useFakeTimers();
    const w = window(3, NOTICE_AHEAD_MS + 5000, NOTICE_AHEAD_MS + HOUR);
    state().applySchedule({ maintenance: w, windows: [w] });
    expect(state().upcoming).toBeNull();
    vi.advanceTimersByTime(5100);
    expect(state().upcoming?.id).toBe(3);
    expect(state().active).toBe(false);
  });

  it('believes a 503 answer even when its own clock disagrees, then asks for the schedule', async () => {
    const api = mockApi({ 'GET /maintenance': { body: { maintenance: null, windows: [], now: new Date().toISOString() } } });
    state().applyError(new MaintenanceError('作業中です', iso(HOUR), iso(2 * HOUR)));
    expect(state().active).toBe(true);
    expect(state().maintenance?.message).toBe('作業中です');
    await vi.waitFor(() => expect(api.called('GET /maintenance')).toHaveLength(1));
  });

  it('keeps dismissed notices in localStorage, one per window', () => {
    const w = window(5, HOUR, 2 * HOUR);
    state().dismiss(w);
    expect(state().dismissed).toEqual([noticeKey(w)]);
    expect(JSON.parse(localStorage.getItem('tsumugi.maintenance.dismissed')!)).toEqual([noticeKey(w)]);
    // The same window moved to another time is a new notice.
    expect(noticeKey({ ...w, startDatetime: iso(3 * HOUR) })).not.toBe(noticeKey(w));
  });
});
