/** Tag-manager page views: one dataLayer push per path change. */

let loaded = false;

export function loadTagManager(id: string | undefined): void {
  if (!id || loaded || typeof document === 'undefined') return;
  loaded = true;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}

export function pushPageView(path: string): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: 'page_view', page_path: path });
}
