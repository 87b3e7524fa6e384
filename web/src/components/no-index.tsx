import { useEffect } from 'react';

/** Asks search engines not to index the page while it is shown (404, 500, maintenance). */
export function NoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
  return null;
}
