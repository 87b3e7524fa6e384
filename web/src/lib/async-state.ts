/** Every data operation moves through started → done or failed; one helper so stores don't repeat it. */
import { AppError } from './errors';

export interface AsyncState<T> {
  data: T;
  loading: boolean;
  error: AppError | null;
}

export const initialAsync = <T>(data: T): AsyncState<T> => ({ data, loading: false, error: null });

export const started = <T>(state: AsyncState<T>): AsyncState<T> => ({ ...state, loading: true, error: null });
export const done = <T>(state: AsyncState<T>, data: T): AsyncState<T> => ({ ...state, data, loading: false });
export const failed = <T>(state: AsyncState<T>, error: unknown, fallbackMessage: string): AsyncState<T> => ({
  ...state,
  loading: false,
  error: error instanceof AppError ? error : new AppError(fallbackMessage),
});

type Setter<S> = (update: (state: S) => Partial<S>) => void;

/**
 * Runs `operation` for the async slice `key` of a zustand store, recording started, done and
 * failed; resolves with the data, or null on failure.
 */
export async function track<S, K extends keyof S, T>(
  set: Setter<S>,
  key: K,
  operation: () => Promise<T>,
  fallbackMessage: string,
  store: (state: S, data: T) => Partial<S> = () => ({}),
): Promise<T | null> {
  set((state) => ({ [key]: started(state[key] as AsyncState<unknown>) }) as Partial<S>);
  try {
    const data = await operation();
    set((state) => ({ [key]: done(state[key] as AsyncState<unknown>, data), ...store(state, data) }) as Partial<S>);
    return data;
  } catch (error) {
    set((state) => ({ [key]: failed(state[key] as AsyncState<unknown>, error, fallbackMessage) }) as Partial<S>);
    return null;
  }
}
