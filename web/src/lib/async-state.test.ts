import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from './async-state';
import { ForbiddenError } from './errors';

interface S {
  items: AsyncState<string[]>;
  count: number;
}

const makeStore = () => {
  const store = create<S>(() => ({ items: initialAsync<string[]>([]), count: 0 }));
  const set = (update: (state: S) => Partial<S>) => store.setState(update);
  return Object.assign(store, { set });
};

describe('track: started, done, failed', () => {
  it('marks loading while running, stores data when done', async () => {
    const store = makeStore();
    let release!: (v: string[]) => void;
    const pending = track(store.set, 'items', () => new Promise<string[]>((r) => (release = r)), 'x', (_s, data) => ({ count: data.length }));
    expect(store.getState().items).toEqual({ data: [], loading: true, error: null });
    release(['a', 'b']);
    await expect(pending).resolves.toEqual(['a', 'b']);
    expect(store.getState().items).toEqual({ data: ['a', 'b'], loading: false, error: null });
    expect(store.getState().count).toBe(2);
  });

  it('keeps the error and stops loading when it fails; a new start clears the error', async () => {
    const store = makeStore();
    const forbidden = new ForbiddenError('アクセスが許可されていません');
    await expect(track(store.set, 'items', () => Promise.reject(forbidden), 'x')).resolves.toBeNull();
    expect(store.getState().items.error).toBe(forbidden);
    expect(store.getState().items.loading).toBe(false);

    await track(store.set, 'items', () => Promise.reject(new Error('boom')), '取得に失敗しました');
    expect(store.getState().items.error?.message).toBe('取得に失敗しました');

    const again = track(store.set, 'items', () => new Promise<string[]>(() => {}), 'x');
    expect(store.getState().items.error).toBeNull();
    void again;
  });
});
