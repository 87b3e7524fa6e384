/** The live socket: one connection per logged-in tab, typed server events fanned out to subscribers. */
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { camelize } from './case';
import type { ServerEvents } from './events';

export type { ServerEvents };

export type ServerEvent = keyof ServerEvents;
export type EventHandler<K extends ServerEvent> = (payload: ServerEvents[K]) => void;

/**
 * A node that lost its link to the other nodes (Redis) and got it back says `hub.resync`: the
 * socket stayed connected, but events published elsewhere from `since` on may never have
 * arrived. Connect listeners then refresh as after a reconnect, from that time.
 */
export type Resync = ServerEvents['hub.resync'];
type ConnectListener = (resync?: Resync) => void;

/** Resyncs are spread over this long, so every open tab of a node does not call REST at once. */
const RESYNC_SPREAD_MS = 2000;

let socket: Socket | null = null;

/**
 * The live connection as a person should know it: `connecting` before the first connection,
 * `online`, `offline` (the browser has no network; the socket is closed until it returns) or
 * `reconnecting` (the connection dropped, socket.io is trying again).
 */
export type ConnectionState = 'connecting' | 'online' | 'offline' | 'reconnecting';
let connectionState: ConnectionState = 'connecting';
const stateListeners = new Set<(state: ConnectionState) => void>();

function setConnectionState(next: ConnectionState): void {
  if (next === connectionState) return;
  const was = connectionState;
  connectionState = next;
  stateListeners.forEach((listener) => listener(next));
  if (next === 'online' && (was === 'offline' || was === 'reconnecting')) catchUp();
}

type CatchUpListener = (resync?: Resync) => void;
const catchUpListeners = new Set<CatchUpListener>();
const catchUp = (resync?: Resync) => catchUpListeners.forEach((listener) => listener(resync));

/**
 * Runs when pushes may have been missed: the connection came back after being lost, or the
 * node resynced with the others (`resync.since` says from when). Whatever a listener shows from
 * the server that events keep fresh, it fetches again. Returns the unsubscribe function.
 */
export function onCatchUp(listener: CatchUpListener): () => void {
  catchUpListeners.add(listener);
  return () => catchUpListeners.delete(listener);
}

/**
 * A page's data that realtime events keep fresh comes again after missed pushes (see onCatchUp),
 * for as long as the component is mounted (the latest `refetch` runs).
 */
export function useCatchUp(refetch: () => void): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => onCatchUp(() => latest.current()), []);
}

/** Follows the connection state; returns the unsubscribe function. */
export function onConnectionState(listener: (state: ConnectionState) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export const currentConnectionState = (): ConnectionState => connectionState;

// The browser knows first when the network goes: close the socket (nothing can pass), and open
// it again when the network returns; the `connect` listeners then catch up.
function goOffline(): void {
  if (!socket) return;
  socket.disconnect();
  setConnectionState('offline');
}
function goOnline(): void {
  if (!socket || socket.connected) return;
  setConnectionState('reconnecting');
  socket.connect();
}
if (typeof window !== 'undefined') {
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);
}
// Handlers are kept by name; `onEvent` only files a handler under its own event's name, so the
// payload handed to it below is the one its type promises.
const handlers = new Map<string, Set<(payload: unknown) => void>>();
const connectListeners = new Set<ConnectListener>();

/** Counts connect and disconnect calls: a connection whose client library arrives after a newer call is dropped. */
let generation = 0;

/**
 * Opens the session's socket. The socket.io client is loaded here, on first use, so pages before
 * login (the login page's JavaScript budget, e2e/budgets.spec.ts) do not carry it.
 */
export function connectSocket(token: string): void {
  disconnectSocket();
  const mine = generation;
  void import('socket.io-client').then(({ io }) => {
    if (mine !== generation) return;
    // WebSocket first; where it fails before it opens (a proxy that refuses the upgrade),
    // long-polling, which the hub serves too (realtime/src/polling.rs).
    open(io({ auth: { token }, transports: ['websocket', 'polling'], tryAllTransports: true, reconnectionDelayMax: 5000 }));
  });
}

function open(opened: Socket): void {
  socket = opened;
  socket.onAny((event: string, payload: unknown) => {
    handlers.get(event)?.forEach((handler) => handler(camelize(payload)));
  });
  socket.on('connect', () => {
    setConnectionState('online');
    connectListeners.forEach((listener) => listener());
  });
  socket.on('disconnect', (reason) => {
    // A disconnect the app asked for (logout, going offline) is not a dropped connection.
    if (reason !== 'io client disconnect') setConnectionState('reconnecting');
  });
  socket.on('hub.resync', (payload: { since?: unknown } | null) => {
    const since = typeof payload?.since === 'string' ? payload.since : null;
    if (!since) return;
    setTimeout(() => {
      connectListeners.forEach((listener) => listener({ since }));
      catchUp({ since });
    }, Math.random() * RESYNC_SPREAD_MS);
  });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) goOffline();
}

export function disconnectSocket(): void {
  generation++;
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  setConnectionState('connecting');
}

/** Subscribes to a server event; returns the unsubscribe function. Features call it from their `live.ts` only. */
export function onEvent<K extends ServerEvent>(event: K, handler: EventHandler<K>): () => void {
  const untyped = handler as (payload: unknown) => void;
  if (!handlers.has(event)) handlers.set(event, new Set());
  handlers.get(event)!.add(untyped);
  return () => {
    handlers.get(event)?.delete(untyped);
  };
}

/** Subscribes a component to one server event for as long as it is mounted (the latest handler runs). */
export function useLiveEvent<K extends ServerEvent>(event: K, handler: EventHandler<K>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onEvent(event, (payload) => latest.current(payload)), [event]);
}

/** Runs on every (re)connection, e.g. to rejoin rooms and catch up, and on a resync (with the time from which events may be missing). */
export function onConnect(listener: ConnectListener): () => void {
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

/** Sends a client event that needs no answer (`typing`, `presence:active`); dropped while disconnected. */
export function emitEvent(event: string, payload: unknown): void {
  if (socket?.connected) socket.emit(event, payload);
}

export const socketConnected = (): boolean => !!socket?.connected;
