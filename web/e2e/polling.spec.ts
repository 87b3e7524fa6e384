/**
 * Long-polling and the upgrade (issue 41): the real socket.io-client from npm, in Node, with its
 * default options (long-polling first, then the upgrade to WebSocket) and with WebSocket refused
 * (`transports: ['polling']`), against the tsumugi node; and the web app in a browser whose
 * WebSocket fails, which falls back to long-polling and still shows a chat message live.
 */
import type { Browser, Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { expect, test } from './support/fixtures';
import { channelPath, demoWorkspace, send, type Workspace } from './support/chat';
import { liveConnected, logIn, tokenOf } from './support/session';

async function loggedIn(browser: Browser, mailAddress: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, mailAddress);
  return page;
}

/** A message the editor posts through the API; the creator's sockets in the channel get `message.created`. */
async function post(editor: Page, workspace: Workspace, body: string): Promise<void> {
  const response = await editor.request.post(`/api/channels/${workspace.channelId}/messages`, {
    headers: { Authorization: `Bearer ${await tokenOf(editor)}` },
    data: { body },
  });
  expect(response.status()).toBe(201);
}

function pushed(socket: Socket, body: string): Promise<void> {
  return new Promise((resolve) => {
    socket.on('message.created', (message: { body?: string }) => {
      if (message.body === body) resolve();
    });
  });
}

function transportOf(socket: Socket): string {
  return socket.io.engine.transport.name;
}

for (const options of [{ name: 'default options', transports: undefined }, { name: 'WebSocket refused', transports: ['polling'] }]) {
  test(`socket.io-client with ${options.name} connects, joins a channel and receives a push`, async ({ browser, baseURL }) => {
    const creator = await loggedIn(browser, 'creator@demo.tsumugi.jp');
    const editor = await loggedIn(browser, 'editor@demo.tsumugi.jp');
    const workspace = await demoWorkspace(creator);
    const socket = io(baseURL!, {
      auth: { token: await tokenOf(creator) },
      ...(options.transports ? { transports: options.transports } : {}),
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      // Both start on long-polling; only the default client upgrades.
      if (options.transports) {
        expect(transportOf(socket)).toBe('polling');
      } else {
        await expect.poll(() => transportOf(socket)).toBe('websocket');
      }
      const joined = await socket.timeout(5_000).emitWithAck('channel:join', { channel_id: workspace.channelId });
      expect(joined).toEqual({ data: { channel_id: workspace.channelId } });
      const body = `ポーリング経由の確認 ${options.name} ${Date.now()}`;
      const arrived = pushed(socket, body);
      await post(editor, workspace, body);
      await arrived;
      expect(transportOf(socket)).toBe(options.transports ? 'polling' : 'websocket');
    } finally {
      socket.disconnect();
      await creator.context().close();
      await editor.context().close();
    }
  });
}

test('a page whose WebSocket is refused falls back to long-polling and shows a message live', async ({ browser }) => {
  const creatorContext = await browser.newContext();
  // What a proxy that refuses the upgrade looks like to the page: every WebSocket fails
  // before it opens (an error, then a close with 1006).
  await creatorContext.addInitScript(() => {
    class RefusedWebSocket extends EventTarget {
      static readonly CONNECTING = 0;
      static readonly OPEN = 1;
      static readonly CLOSING = 2;
      static readonly CLOSED = 3;
      readyState = 0;
      binaryType = 'blob';
      onopen: ((event: Event) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      onclose: ((event: CloseEvent) => void) | null = null;
      onmessage: ((event: MessageEvent) => void) | null = null;
      constructor(readonly url: string) {
        super();
        setTimeout(() => {
          this.readyState = 3;
          const error = new Event('error');
          this.onerror?.(error);
          this.dispatchEvent(error);
          const close = new CloseEvent('close', { code: 1006, wasClean: false });
          this.onclose?.(close);
          this.dispatchEvent(close);
        }, 10);
      }
      send(): void {
        throw new DOMException('WebSocket is not open', 'InvalidStateError');
      }
      close(): void {}
    }
    Object.defineProperty(window, 'WebSocket', { value: RefusedWebSocket, configurable: true, writable: true });
  });
  const creator = await creatorContext.newPage();
  const polled: string[] = [];
  creator.on('request', (request) => {
    if (request.url().includes('transport=polling')) polled.push(request.url());
  });
  const editor = await loggedIn(browser, 'editor@demo.tsumugi.jp');
  try {
    await logIn(creator, 'creator@demo.tsumugi.jp');
    const workspace = await demoWorkspace(creator);
    await creator.goto(channelPath(workspace));
    await editor.goto(channelPath(workspace));
    await liveConnected(creator);
    await liveConnected(editor);
    expect(polled.length).toBeGreaterThan(0);
    const text = `WebSocket なしで届く ${Date.now()}`;
    await send(editor, text);
    await expect(creator.getByTestId('message').filter({ hasText: text })).toHaveCount(1, { timeout: 1_000 });
  } finally {
    await creatorContext.close();
    await editor.context().close();
  }
});
