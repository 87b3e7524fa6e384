import { useMaintenance } from './store';

afterEach(() => useMaintenance.setState({ maintenance: null, active: false }));

describe('maintenance store', () => {
  it('is active only inside the window', () => {
    const hour = 3600_000;
    useMaintenance.getState().apply({ message: 'm', startDatetime: new Date(Date.now() - hour).toISOString(), endDatetime: new Date(Date.now() + hour).toISOString() });
    expect(useMaintenance.getState().active).toBe(true);
    useMaintenance.getState().apply({ message: 'm', startDatetime: new Date(Date.now() + hour).toISOString(), endDatetime: new Date(Date.now() + 2 * hour).toISOString() });
    expect(useMaintenance.getState().active).toBe(false);
    useMaintenance.getState().apply(null);
    expect(useMaintenance.getState().active).toBe(false);
  });

  it('switches on by itself when a scheduled window starts', () => {
    vi.useFakeTimers();
    const start = new Date(Date.now() + 1000).toISOString();
    useMaintenance.getState().apply({ message: 'm', startDatetime: start, endDatetime: new Date(Date.now() + 60_000).toISOString() });
    expect(useMaintenance.getState().active).toBe(false);
    vi.advanceTimersByTime(1100);
    expect(useMaintenance.getState().active).toBe(true);
    vi.useRealTimers();
  });
});
