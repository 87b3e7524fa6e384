/**
 * The brotli (`.br`) and gzip (`.gz`) copy of every text file of the build, written once at
 * `vite build` so the server sends the copy a browser accepts with no work per request
 * (api/src/platform/web.rs). Node's own zlib, no dependency: brotli at its best quality (11),
 * gzip at 9; the whole dist takes a few seconds.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; images and fonts are compressed already. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // `.vite/manifest.json` is read by tests, never served.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`; returns the files compressed. */
export async function precompress(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.has(extname(file)));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files;
}

/** The Vite plugin: runs after every other plugin has written its files to `outDir`. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tsumugi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompress(outDir);
      },
    },
  };
}
