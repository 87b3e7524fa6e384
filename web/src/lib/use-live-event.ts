/** Subscribes a component to one live socket event for as long as it is mounted. */
import { useEffect, useRef } from 'react';
import { onEvent } from './socket';

export function useLiveEvent<T>(event: string, handler: (payload: T) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const off = onEvent(event, (payload) => latest.current(payload as T));
    return () => {
      off();
    };
  }, [event]);
}
