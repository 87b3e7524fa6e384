/**
 * A delivery of a few hundred MB through the resumable upload: the creator's network is cut
 * mid-way, the upload resumes from the server's offset (it does not start again), completes,
 * and the client sees the delivery live, its video player fetching ranges through a signed
 * link, and downloads it byte for byte; then the creator changes the profile image through the
 * same uploader. On a node of its own (its own database), so the delivered task and the
 * profile stay as the other specs expect them on the main node.
 * And a chat image attached in the composer (a resumable upload with its progress): a
 * thumbnail from the variant endpoint that opens the viewer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import { join } from 'node:path';
import { E2E_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { databaseUrl, newDataDir, psql, startNode, stopNode } from './support/server';
import { channelPath, demoWorkspace } from './support/chat';
import { liveConnected, logIn, tokenOf } from './support/session';

const PORT = E2E_PORT + 11;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;
const SIZE = 256 * MB;

let node: Awaited<ReturnType<typeof startNode>> | undefined;
let folder = '';
let database = '';
let dataDir = '';

test.beforeAll(async () => {
  database = `tsumugi_e2e_uploads_${Date.now()}`;
  psql(`create database ${database}`);
  dataDir = newDataDir();
  node = await startNode({ port: PORT, databaseUrl: databaseUrl(database), redisPrefix: `e2e-uploads-${Date.now()}`, dataDir });
  folder = mkdtempSync(join(tmpdir(), 'tsumugi-upload-'));
});

// The node's store holds the 256 MB delivery: nothing of the run is left behind.
test.afterAll(async () => {
  await stopNode(node);
  if (database) psql(`drop database if exists ${database} with (force)`);
  for (const dir of [folder, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A video file of `size` bytes: an MP4 header (so it is sniffed as video, whose limit is 5 GiB), then random bytes. */
function videoFile(path: string, size: number): void {
  const fd = openSync(path, 'w');
  const header = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
  writeSync(fd, header);
  const block = randomBytes(4 * MB);
  for (let written = header.length; written < size; written += block.length) writeSync(fd, block, 0, Math.min(block.length, size - written));
  closeSync(fd);
}

test('a large delivery survives a network cut: it resumes, completes, and the client downloads it', async ({ browser, playwright }) => {
  const path = join(folder, '本編マスター.mp4');
  videoFile(path, SIZE);
  const creatorContext = await browser.newContext({ baseURL: ORIGIN });
  const clientContext = await browser.newContext({ baseURL: ORIGIN, acceptDownloads: true });
  const creator = await creatorContext.newPage();
  const client = await clientContext.newPage();
  try {
    await logIn(creator, 'creator@demo.tsumugi.jp');
    await logIn(client, 'client@demo.tsumugi.jp');
    await creator.goto('/tasks?status[]=doing');
    await creator.getByTestId('task-list').getByRole('link', { name: /冬の温泉ガイド 本文執筆/ }).click();
    await expect(creator).toHaveURL(/\/tasks\/\d+$/);
    await client.goto(new URL(creator.url()).pathname);
    await expect(client.getByTestId('task-status')).toHaveText('作業中');
    await liveConnected(client);

    // What the creator's browser asks of the upload endpoint.
    let creations = 0;
    let uploadPath = '';
    let cutAt: number | null = null;
    const patches: { offset: number; afterCut: boolean }[] = [];
    let failed = 0;
    creator.on('request', (request) => {
      if (!request.url().includes('/api/uploads')) return;
      if (request.method() === 'POST') creations += 1;
      if (request.method() === 'PATCH') patches.push({ offset: Number(request.headers()['upload-offset']), afterCut: cutAt !== null });
    });
    creator.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith('/api/uploads')) uploadPath = response.headers().location ?? '';
    });
    creator.on('requestfailed', (request) => {
      if (request.url().includes('/api/uploads')) failed += 1;
    });

    await creator.getByLabel('納品ファイル').setInputFiles(path);
    const status = creator.getByTestId('upload-status');
    // Once a few chunks are in, the network goes away for a while.
    await expect.poll(() => Math.max(0, ...patches.map((p) => p.offset)), { timeout: 30_000, intervals: [20] }).toBeGreaterThanOrEqual(32 * MB);
    await creatorContext.setOffline(true);
    const api = await playwright.request.newContext({ baseURL: ORIGIN });
    const token = await tokenOf(creator);
    const offsetNow = async () =>
      Number((await api.head(uploadPath, { headers: { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' } })).headers()['upload-offset']);
    await expect(status).toContainText('通信が途切れました', { timeout: 15_000 });
    cutAt = await offsetNow();
    expect(cutAt).toBeGreaterThan(0);
    expect(cutAt).toBeLessThan(SIZE);
    await creator.waitForTimeout(1000);
    await creatorContext.setOffline(false);

    // It completes, is scanned, and is delivered.
    await expect(status).toHaveText('アップロード完了', { timeout: 45_000 });
    expect(await offsetNow()).toBe(SIZE);
    expect(creations, 'one upload, never created again').toBe(1);
    expect(failed, 'the cut broke requests').toBeGreaterThan(0);
    const resumed = patches.filter((p) => p.afterCut);
    expect(resumed.length).toBeGreaterThan(0);
    expect(Math.min(...resumed.map((p) => p.offset)), 'resumed from the server offset, not from zero').toBeGreaterThanOrEqual(cutAt);
    await creator.getByRole('button', { name: 'ファイルを納品する' }).click();

    // The client sees the delivery live: the video's player asks its signed link for ranges
    // (no bearer token); then the client downloads it whole.
    const signed: number[] = [];
    client.on('response', (response) => {
      if (response.url().includes('/signed?')) signed.push(response.status());
    });
    const delivered = client.getByTestId('deliveries').getByRole('button', { name: /本編マスター\.mp4$/ });
    await expect(delivered).toBeEnabled({ timeout: 10_000 });
    await expect.poll(() => signed, { timeout: 10_000 }).toContain(206);
    const [download] = await Promise.all([client.waitForEvent('download'), delivered.click()]);
    const saved = join(folder, 'downloaded.mp4');
    await download.saveAs(saved);
    const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(digest(saved), 'byte for byte').toBe(digest(path));
    await api.dispose();

    // The profile image goes through the same uploader, and is the profile's once saved.
    const portrait = join(folder, '顔写真.png');
    writeFileSync(portrait, pngOf(300, 300));
    await creator.goto('/user/edit/profiles');
    await creator.getByLabel('新しいプロフィール画像').setInputFiles(portrait);
    await expect(creator.getByTestId('upload-status')).toHaveText('アップロード完了', { timeout: 15_000 });
    const shown = await creator.getByTestId('profile-image').getAttribute('src');
    // The seeded profile has no sex yet, which the form requires.
    const other = creator.getByRole('radio', { name: 'その他' });
    await creator.locator('label').filter({ has: other }).click();
    await expect(other).toBeChecked();
    await creator.getByRole('button', { name: '保存する' }).click();
    await expect(creator.getByTestId('upload-item')).toHaveCount(0);
    await creator.reload();
    await expect(creator.getByTestId('profile-image')).toHaveAttribute('src', shown ?? '');
    await expect.poll(() => creator.getByTestId('profile-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await clientContext.close();
    await creatorContext.close();
  }
});

/** A PNG of `width` × `height` pixels of one colour. */
function pngOf(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [40, 120, 200]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

test('a chat image attached in the composer shows a thumbnail from the variant endpoint and opens the viewer', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  const workspace = await demoWorkspace(page);
  await page.goto(channelPath(workspace));
  // Attached in the composer: a resumable upload (tus), its progress shown there.
  const creations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/uploads')) creations.push(request.headers()['upload-metadata'] ?? '');
  });
  await page.getByLabel('📎 ファイルを添付').setInputFiles({ name: '表紙案.png', mimeType: 'image/png', buffer: pngOf(600, 400) });
  await expect(page.getByTestId('upload-status')).toHaveText('アップロード完了');
  expect(creations, 'one tus upload for a message').toEqual([expect.stringContaining(`use ${Buffer.from('message').toString('base64')}`)]);
  const text = `表紙の案です ${Date.now()}`;
  await page.getByRole('textbox', { name: 'メッセージを入力' }).fill(text);
  await page.getByRole('button', { name: '送信', exact: true }).click();
  await expect(page.getByTestId('upload-item')).toHaveCount(0);

  const message = page.getByTestId('message').filter({ hasText: text });
  const src = (await message.getByRole('img', { name: '表紙案.png' }).getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/api\/images\/files\/[^?]+\?width=256$/);
  const file = { path: src.replace(/^\/api\/images\//, '').replace(/\?.*$/, '') };
  const thumbnail = message.getByRole('button', { name: '表紙案.pngを拡大して表示' }).getByRole('img', { name: '表紙案.png' });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveAttribute('src', `/api/images/${file.path}?width=256`);
  // The variant was really made and drawn.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await message.getByRole('button', { name: '表紙案.pngを拡大して表示' }).click();
  const viewer = page.getByRole('dialog', { name: '表紙案.png' });
  await expect(viewer.getByRole('img', { name: '表紙案.png' })).toHaveAttribute('src', `/api/images/${file.path}?width=2048`);
  await expect.poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await expect(viewer.getByRole('button', { name: /ダウンロード/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});

/**
 * A real video the browser itself encodes (VP8 in WebM through MediaRecorder, from a canvas
 * whose colour changes every frame): no video tool is needed on the machine, and what the test
 * plays is what a person's browser would record.
 */
async function recordedWebm(page: import('@playwright/test').Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    for (let frame = 0; frame < 40; frame += 1) {
      context.fillStyle = `hsl(${frame * 9}, 70%, 50%)`;
      context.fillRect(0, 0, 320, 240);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

test('a chat video plays in place: a real WebM decodes from the signed link and its time advances', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  const workspace = await demoWorkspace(page);
  await page.goto(channelPath(workspace));
  const clip = await recordedWebm(page);
  expect(clip.subarray(0, 4).toString('hex'), 'an EBML (WebM) header').toBe('1a45dfa3');

  await page.getByLabel('📎 ファイルを添付').setInputFiles({ name: '取材動画.webm', mimeType: 'video/webm', buffer: clip });
  await expect(page.getByTestId('upload-status')).toHaveText('アップロード完了');
  const text = `取材の動画です ${Date.now()}`;
  await page.getByRole('textbox', { name: 'メッセージを入力' }).fill(text);
  await page.getByRole('button', { name: '送信', exact: true }).click();

  const video = page.getByTestId('message').filter({ hasText: text }).locator('video');
  await expect(video).toHaveAttribute('src', /\/api\/files\/\d+\/signed\?/);
  // Decoded: the first frame is there with the recorded size.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([320, 240]);
  // And it plays: time moves on without an error.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
});
