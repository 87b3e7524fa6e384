/**
 * A stand-in for `socket.io-client` so tests run the app's real socket code (lib/socket.ts) and
 * play the server's side: connect, drop the connection, push events, resync. A test file opts in with
 *   vi.mock('socket.io-client', () => import('@/test/fake-socket'));
 * then `await openFakeSocket()` after the page rendered.
 */
import { act } from '@testing-library/react';
import { connectSocket, disconnectSocket } from '@/lib/socket';

type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  private listeners = new Map<string, Set<Listener>>();
  private any = new Set<(event: string, payload: unknown) => void>();

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  onAny(listener: (event: string, payload: unknown) => void): this {
    this.any.add(listener);
    return this;
  }
  removeAllListeners(): this {
    this.listeners.clear();
    this.any.clear();
    return this;
  }
  /** The client asks to (re)connect: the fake server takes it at once. */
  connect(): this {
    this.serverConnects();
    return this;
  }
  disconnect(): this {
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }
  timeout(): this {
    return this;
  }
  /** Acks every emit with an empty answer (joining rooms and the like). */
  emit(_event: string, _payload: unknown, ack?: (error: Error | null, reply: unknown) => void): this {
    ack?.(null, {});
    return this;
  }

  // The server's side.
  serverConnects(): void {
    this.connected = true;
    this.fire('connect');
  }
  /** The connection drops (a node restarts, the network hiccups): socket.io tries again. */
  drops(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  /** The connection drops, `meanwhile` happens on the server with nothing pushed, then the connection returns. */
  missWhileDown(meanwhile: () => void): void {
    this.drops();
    meanwhile();
    this.serverConnects();
  }
  push(event: string, payload: unknown): void {
    act(() => this.any.forEach((listener) => listener(event, payload)));
  }
  resync(since: string): void {
    this.fire('hub.resync', { since });
  }

  /** Inside act(): what the app does on it (state updates, fetches) is a React update like any other. */
  private fire(event: string, ...args: unknown[]): void {
    act(() => this.listeners.get(event)?.forEach((listener) => listener(...args)));
  }
}

let current: FakeSocket | null = null;

/** socket.io-client's `io`, as lib/socket.ts calls it. */
export function io(): FakeSocket {
  current = new FakeSocket();
  // socket.io connects on creation.
  queueMicrotask(() => current?.serverConnects());
  return current;
}

/** Opens the app's socket (as a logged-in session does) and answers the fake server's end of it. */
export async function openFakeSocket(): Promise<FakeSocket> {
  current = null;
  connectSocket('test-token');
  await act(async () => {
    await vi.waitFor(() => {
      if (!current?.connected) throw new Error('socket not open yet');
    });
  });
  return current!;
}

/** Closes the app's socket after a test. */
export function closeFakeSocket(): void {
  disconnectSocket();
  current = null;
}
