/** The desktop/mobile check that selects layouts. */
import { useSyncExternalStore } from 'react';
import { theme } from '@/theme/theme';

const QUERY = `(max-width: ${theme.size.phoneMax}px)`;
const MOBILE_AGENT = /Android.+Mobile|iPhone|iPod|Windows Phone/i;

function currentlyMobile(): boolean {
  if (typeof window === 'undefined') return false;
  const narrow = typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
  return narrow || MOBILE_AGENT.test(navigator.userAgent);
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export const useIsMobile = (): boolean => useSyncExternalStore(subscribe, currentlyMobile, () => false);
export const isMobileNow = currentlyMobile;
