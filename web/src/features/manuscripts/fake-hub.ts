/**
 * Tests only: the hub's side of the manuscript contract over a real `Y.Doc`, so providers are
 * tested against the merge a server does (join diffs both ways, relays to the room's others,
 * refuses updates to `comment`). Each `FakeHubSocket` is one browser tab's socket.
 */
import * as Y from 'yjs';
import { fromBase64, toBase64, type ManuscriptTransport } from './provider';
import type { Ack, ManuscriptAwareness, ManuscriptUpdated, Permission } from './types';

export class FakeHub {
  readonly doc = new Y.Doc();
  readonly room = new Set<FakeHubSocket>();
  /** Every client event received, in order. */
  readonly received: { socket: FakeHubSocket; event: string; payload: Record<string, unknown> }[] = [];

  socket(permission: Permission = 'edit', userId = 1): FakeHubSocket {
    return new FakeHubSocket(this, permission, userId);
  }

  text(): string {
    return this.doc.getXmlFragment('default').toString();
  }
}

export class FakeHubSocket implements ManuscriptTransport {
  private isConnected = true;
  private updatedHandlers = new Set<(event: ManuscriptUpdated) => void>();
  private awarenessHandlers = new Set<(event: ManuscriptAwareness) => void>();
  private connectListeners = new Set<() => void>();
  private disconnectListeners = new Set<() => void>();
  /** While set, requests are lost on the way (neither processed nor answered). */
  silent = false;

  constructor(
    private readonly hub: FakeHub,
    public permission: Permission,
    private readonly userId: number,
  ) {}

  connected(): boolean {
    return this.isConnected;
  }

  async request<T>(event: string, payload: Record<string, unknown>): Promise<Ack<T>> {
    await Promise.resolve();
    if (!this.isConnected) throw new Error('not connected');
    // Lost on the way: never processed, never answered.
    if (this.silent) return new Promise(() => {});
    this.hub.received.push({ socket: this, event, payload });
    const id = payload.manuscript_id as number;
    const others = () => [...this.hub.room].filter((socket) => socket !== this);
    let answer: Ack<unknown>;
    switch (event) {
      case 'manuscript:join': {
        this.hub.room.add(this);
        const update = toBase64(Y.encodeStateAsUpdate(this.hub.doc, fromBase64(payload.state_vector as string)));
        answer = { data: { manuscriptId: id, permission: this.permission, update, stateVector: toBase64(Y.encodeStateVector(this.hub.doc)) } };
        break;
      }
      case 'manuscript:update':
        if (this.permission === 'comment') {
          answer = { error: { message: '編集する権限がありません', retry: false } };
          break;
        }
        Y.applyUpdate(this.hub.doc, fromBase64(payload.update as string));
        others().forEach((socket) => socket.updatedHandlers.forEach((h) => h({ manuscriptId: id, update: payload.update as string, userId: this.userId })));
        answer = { data: { manuscriptId: id } };
        break;
      case 'manuscript:awareness':
        others().forEach((socket) => socket.awarenessHandlers.forEach((h) => h({ manuscriptId: id, update: payload.update as string })));
        answer = { data: { manuscriptId: id } };
        break;
      case 'manuscript:leave':
        this.hub.room.delete(this);
        answer = { data: { manuscriptId: id } };
        break;
      default:
        answer = { error: { message: 'unknown event' } };
    }
    return answer as Ack<T>;
  }

  onUpdated(handler: (event: ManuscriptUpdated) => void): () => void {
    this.updatedHandlers.add(handler);
    return () => this.updatedHandlers.delete(handler);
  }
  onAwareness(handler: (event: ManuscriptAwareness) => void): () => void {
    this.awarenessHandlers.add(handler);
    return () => this.awarenessHandlers.delete(handler);
  }
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    if (this.isConnected) listener();
    return () => this.connectListeners.delete(listener);
  }
  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  /** The connection drops: the hub forgets the socket's rooms. */
  drop(): void {
    this.isConnected = false;
    this.hub.room.delete(this);
    this.disconnectListeners.forEach((listener) => listener());
  }
  reconnect(): void {
    this.isConnected = true;
    this.connectListeners.forEach((listener) => listener());
  }
  sent(event: string): number {
    return this.hub.received.filter((r) => r.socket === this && r.event === event).length;
  }
}
