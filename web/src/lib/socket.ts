/** The live socket: one connection per logged-in tab, events fanned out to subscribers. */
import { io, type Socket } from 'socket.io-client';
import { camelize } from './case';

type Handler = (payload: unknown) => void;

let socket: Socket | null = null;
const handlers = new Map<string, Set<Handler>>();
const connectListeners = new Set<() => void>();

export function connectSocket(token: string): void {
  disconnectSocket();
  socket = io({ auth: { token }, transports: ['websocket'], reconnectionDelayMax: 5000 });
  socket.onAny((event: string, payload: unknown) => {
    handlers.get(event)?.forEach((handler) => handler(camelize(payload)));
  });
  socket.on('connect', () => connectListeners.forEach((listener) => listener()));
}

export function disconnectSocket(): void {
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
}

/** Subscribes to a server event; returns the unsubscribe function. */
export function onEvent(event: string, handler: Handler): () => void {
  if (!handlers.has(event)) handlers.set(event, new Set());
  handlers.get(event)!.add(handler);
  return () => handlers.get(event)?.delete(handler);
}

/** Runs on every (re)connection, e.g. to rejoin rooms and catch up. */
export function onConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  if (socket?.connected) listener();
  return () => connectListeners.delete(listener);
}

export function emitWithAck<T>(event: string, payload: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    if (!socket) return reject(new Error('not connected'));
    socket.timeout(5000).emit(event, payload, (err: Error | null, reply: T) => (err ? reject(err) : resolve(reply)));
  });
}

export const socketConnected = (): boolean => !!socket?.connected;
