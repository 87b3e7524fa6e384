import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// The first render as a transition: React yields to the browser every few milliseconds instead
// of holding the main thread for the whole tree (docs/decisions/web-asset-delivery.md).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
