import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from './precompress';

describe('precompress', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of every text file, and leaves the rest alone', async () => {
    const script = `export const pages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `ページ${i}`))};\n`;
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(join(dir, 'assets', 'index-Ef56Gh78.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'assets', 'photo-Ij90Kl12.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');

    const done = await precompress(dir);

    expect(done.map((file) => file.slice(dir.length + 1)).sort()).toEqual(['assets/index-Ab12Cd34.js', 'assets/index-Ef56Gh78.css', 'index.html']);
    for (const file of done) {
      const original = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(original);
      expect(gunzipSync(readFileSync(`${file}.gz`))).toEqual(original);
    }
    const js = join(dir, 'assets', 'index-Ab12Cd34.js');
    expect(readFileSync(`${js}.br`).length).toBeLessThan(readFileSync(js).length / 4);
    expect(existsSync(join(dir, 'assets', 'photo-Ij90Kl12.png.gz'))).toBe(false);
    expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
  });
});
