/// <reference types="vitest/config" />
import { writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './build/precompress';
import { preloadInIndex } from './build/preload-in-index';

function buildTimestamp(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

const revision = process.env.REVISION_NO || buildTimestamp();

/** Writes dist/revision.json so the server announces the same revision the bundle carries. */
function revisionFile(): Plugin {
  return {
    name: 'tsumugi-revision',
    apply: 'build',
    closeBundle() {
      const dist = resolve(__dirname, 'dist');
      mkdirSync(dist, { recursive: true });
      writeFileSync(resolve(dist, 'revision.json'), JSON.stringify({ revision_no: revision }));
    },
  };
}

/**
 * Shared modules kept out of the `kit` chunk: the chart, form and upload (tus) libraries'
 * wrappers (large libraries behind them; `lib/form-rules` imports zod), the big pickers only some
 * forms use, and the larger components the login page never shows (select, data table, signed
 * video, month navigation, task rows). The kit is loaded whole by the first page, so what only
 * later pages use is kept out of it: the login page's 150 KB budget (`e2e/budgets.spec.ts`) was
 * reached at 150.5 KB on 2026-12-01 and is 148.7 KB with these out.
 */
const KIT_EXCLUDED = /yen-bar-chart|lib[\\/](forms|form-rules|zod|calendar|resumable-upload|upload-progress)\.|date-picker|people-picker|file-drop-zone|resumable-uploader|components[\\/](select|data-table|signed-video|month-nav|task-rows)\./;

const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  // precompressPlugin last: it compresses what the others wrote.
  plugins: [react(), revisionFile(), preloadInIndex(['src/app/routes/auth/login.tsx', 'src/app/chrome.tsx']), precompressPlugin()],
  define: { __REVISION__: JSON.stringify(revision) },
  // dist/.vite/manifest.json: the budget test (e2e/budgets.spec.ts) reads which modules each chunk holds.
  build: {
    manifest: true,
    // Fewer, larger chunks on the first screen: over HTTP/1.1 (six connections) each extra file
    // costs a round trip, and the automatic split made some twenty files of under 1 KB for the
    // login page. The libraries the entry needs go in one file, the shared components and lib in
    // another (see KIT_EXCLUDED).
    // docs/decisions/web-asset-delivery.md has the measurements.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules/, tags: ['$initial'], priority: 2 },
            { name: 'kit', test: (id) => /src[\\/](components|lib|theme|config)[\\/]/.test(id) && !KIT_EXCLUDED.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  resolve: { alias: { '@': resolve(__dirname, 'src') } },
  server: {
    proxy: {
      '/api': backend,
      '/revision.json': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
  },
});
