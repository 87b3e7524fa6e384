/** One-off form actions (admin tools and the like) through started → done or failed, kept in the component. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AsyncState, done, failed, initialAsync, started } from './async-state';

export interface Submit<A extends unknown[], T> extends AsyncState<T | null> {
  /** Runs the action; resolves with its answer, or null when it failed. */
  run: (...args: A) => Promise<T | null>;
  reset: () => void;
}

export function useSubmit<A extends unknown[], T>(action: (...args: A) => Promise<T>, fallbackMessage: string): Submit<A, T> {
  const [state, setState] = useState<AsyncState<T | null>>(initialAsync<T | null>(null));
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const run = useCallback(
    async (...args: A) => {
      setState((s) => started(s));
      try {
        const data = await latest.current(...args);
        setState((s) => done(s, data));
        return data;
      } catch (error) {
        setState((s) => failed(s, error, fallbackMessage));
        return null;
      }
    },
    [fallbackMessage],
  );
  const reset = useCallback(() => setState(initialAsync<T | null>(null)), []);
  return { ...state, run, reset };
}
