/// <reference types="vite/client" />
declare const __REVISION__: string;

interface ImportMetaEnv {
  readonly VITE_GTM_ID?: string;
  readonly VITE_DEBUG?: string;
}

interface Window {
  dataLayer?: Record<string, unknown>[];
}
