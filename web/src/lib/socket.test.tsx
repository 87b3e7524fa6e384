import { act, render } from '@testing-library/react';
import { closeFakeSocket, openFakeSocket } from '@/test/fake-socket';
import { onCatchUp, useCatchUp } from './socket';

vi.mock('socket.io-client', () => import('@/test/fake-socket'));

afterEach(() => {
  closeFakeSocket();
  vi.useRealTimers();
});

describe('catch-up after missed pushes', () => {
  it('runs when a dropped connection comes back, not on the first connection', async () => {
    const listener = vi.fn();
    const off = onCatchUp(listener);
    const socket = await openFakeSocket();
    expect(listener).not.toHaveBeenCalled();

    socket.drops();
    expect(listener).not.toHaveBeenCalled();
    socket.serverConnects();
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    socket.drops();
    socket.serverConnects();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('runs when the browser comes back online', async () => {
    const listener = vi.fn();
    const off = onCatchUp(listener);
    await openFakeSocket();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(listener).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });

  it('runs on a resync of the nodes, with the time from which pushes may be missing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const listener = vi.fn();
    const off = onCatchUp(listener);
    const socket = await openFakeSocket();
    socket.resync('2026-11-30T09:00:00Z');
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(listener).toHaveBeenCalledWith({ since: '2026-11-30T09:00:00Z' });
    off();
  });

  it('calls the latest refetch of a mounted component, and none after it unmounts', async () => {
    const calls: string[] = [];
    function Page({ id }: { id: string }) {
      useCatchUp(() => calls.push(id));
      return null;
    }
    const view = render(<Page id="a" />);
    const socket = await openFakeSocket();
    view.rerender(<Page id="b" />);
    socket.drops();
    act(() => socket.serverConnects());
    expect(calls).toEqual(['b']);
    view.unmount();
    socket.drops();
    socket.serverConnects();
    expect(calls).toEqual(['b']);
  });
});
