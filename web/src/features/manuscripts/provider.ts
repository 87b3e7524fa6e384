/**
 * A Yjs provider over the product's own socket (issue 44; the contract's `manuscript:*` events),
 * in place of y-websocket:
 * - on every (re)connection it joins: sends the document's state vector, applies what the server
 *   answers the document lacks, then sends what the server lacks (edits made offline merge so);
 * - local updates go out as `manuscript:update` while joined; an update the server did not take
 *   (timeout, refusal to retry) is sent again by the next join, which diffs against its state;
 * - `manuscript.updated` from others is applied with the provider as origin (never echoed);
 * - awareness (carets, names) travels both ways and is never persisted;
 * - destroy leaves the room and withdraws the local caret.
 * The transport is injected (live.ts gives the socket's), so tests run it against a fake server.
 */
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import type { Ack, JoinAck, ManuscriptAwareness, ManuscriptUpdated, Permission } from './types';
import { mayWrite } from './types';

export type ProviderStatus = 'connecting' | 'synced' | 'offline';

export interface ManuscriptTransport {
  /** An event with an ack; rejects when not connected or not answered in time. */
  request<T>(event: string, payload: object): Promise<Ack<T>>;
  onUpdated(handler: (event: ManuscriptUpdated) => void): () => void;
  onAwareness(handler: (event: ManuscriptAwareness) => void): () => void;
  /** Runs on every (re)connection, and at once when already connected. */
  onConnect(listener: () => void): () => void;
  onDisconnect(listener: () => void): () => void;
  connected(): boolean;
}

export interface ProviderOptions {
  manuscriptId: number;
  /** An editor link's token: the hub narrows the permission to the link's. */
  token?: string;
  transport: ManuscriptTransport;
  /** Waits before joining again after a join the hub could not check (retry). */
  retryMs?: readonly number[];
}

export interface ProviderState {
  status: ProviderStatus;
  /** The effective permission the hub granted (null before the first join). */
  permission: Permission | null;
  /** A refusal worth telling the person (the join refused, writing no longer allowed). */
  error: string | null;
}

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether `local` holds operations that the state vector `remote` does not cover. */
function hasWhatTheyLack(local: Map<number, number>, remote: Map<number, number>): boolean {
  for (const [client, clock] of local) if (clock > (remote.get(client) ?? 0)) return true;
  return false;
}

/** How long after an input method's composition ends its updates are still held (the editor commits the text within a few ms). */
const COMPOSITION_SETTLE_MS = 100;

export class ManuscriptProvider {
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  private state: ProviderState = { status: 'connecting', permission: null, error: null };
  private readonly listeners = new Set<(state: ProviderState) => void>();
  private readonly offs: (() => void)[] = [];
  /** Counts joins: the answer to a join overtaken by a newer one (a reconnection) is dropped. */
  private joinGeneration = 0;
  /**
   * Local changes the server may not hold: made while not joined, or sent and not acknowledged.
   * The next join then sends its diff even when the state vectors match (a deletion adds no structs).
   */
  private lost = false;
  private unacked = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  /**
   * Local updates made while an input method composes (a Japanese reading before its kanji),
   * sent as one merged update once the composition has ended: the others never see the reading.
   */
  private held: Uint8Array[] | null = null;
  private releaseTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    doc: Y.Doc,
    private readonly options: ProviderOptions,
  ) {
    this.doc = doc;
    this.awareness = new Awareness(doc);
    doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    const { transport } = options;
    this.offs.push(
      transport.onUpdated((event) => {
        if (event.manuscriptId === options.manuscriptId) Y.applyUpdate(doc, fromBase64(event.update), this);
      }),
      transport.onAwareness((event) => {
        if (event.manuscriptId === options.manuscriptId) applyAwarenessUpdate(this.awareness, fromBase64(event.update), this);
      }),
      transport.onDisconnect(() => this.wentOffline()),
      transport.onConnect(() => void this.join(0)),
    );
  }

  get current(): ProviderState {
    return this.state;
  }

  /** Follows status, permission and error (`current`: called with the present state first); returns the unsubscribe function. */
  subscribe(listener: (state: ProviderState) => void, options: { current?: boolean } = {}): () => void {
    this.listeners.add(listener);
    if (options.current) listener(this.state);
    return () => this.listeners.delete(listener);
  }

  private set(next: Partial<ProviderState>): void {
    this.state = { ...this.state, ...next };
    this.listeners.forEach((listener) => listener(this.state));
  }

  private get id(): number {
    return this.options.manuscriptId;
  }

  private async join(attempt: number): Promise<void> {
    if (this.destroyed) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const generation = ++this.joinGeneration;
    this.set({ status: 'connecting' });
    const stateVector = toBase64(Y.encodeStateVector(this.doc));
    const payload: Record<string, unknown> = { manuscript_id: this.id, state_vector: stateVector };
    if (this.options.token) payload.token = this.options.token;
    const reply = await this.options.transport.request<JoinAck>('manuscript:join', payload).catch(() => null);
    if (this.destroyed || generation !== this.joinGeneration) return;
    if (!reply?.data) {
      // A refusal is final; an unanswered join or one the hub could not check is asked again.
      if (reply?.error && !reply.error.retry) {
        this.set({ error: reply.error.message });
        return;
      }
      this.scheduleJoin(attempt);
      return;
    }
    const { permission, update, stateVector: serverVector } = reply.data;
    Y.applyUpdate(this.doc, fromBase64(update), this);
    this.set({ permission, error: null });
    if (mayWrite(permission)) {
      const remote = Y.decodeStateVector(fromBase64(serverVector));
      if (this.lost || this.unacked > 0 || hasWhatTheyLack(Y.decodeStateVector(Y.encodeStateVector(this.doc)), remote)) {
        const missing = Y.encodeStateAsUpdate(this.doc, fromBase64(serverVector));
        const sent = await this.sendUpdate(missing);
        if (this.destroyed || generation !== this.joinGeneration) return;
        if (!sent) {
          this.lost = true;
          if (!this.state.error) this.scheduleJoin(attempt);
          return;
        }
        this.lost = false;
      }
    }
    this.set({ status: 'synced' });
    // Others see this reader's caret and name from now on.
    this.sendAwareness([this.doc.clientID]);
  }

  private scheduleJoin(attempt: number): void {
    // Not connected: the next connection joins.
    if (!this.options.transport.connected()) return;
    const retry = this.options.retryMs ?? RETRY_MS;
    this.retryTimer = setTimeout(() => void this.join(attempt + 1), retry[Math.min(attempt, retry.length - 1)]);
  }

  private wentOffline(): void {
    this.joinGeneration++;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    // The others' carets stay: the hub keeps no awareness to send again after the next join, and
    // Awareness drops a state not renewed for 30 seconds by itself.
    if (!this.destroyed) this.set({ status: 'offline' });
  }

  /** Sends one update; false when it did not reach the server (the next join sends it). */
  private async sendUpdate(update: Uint8Array): Promise<boolean> {
    const reply = await this.options.transport.request<{ manuscriptId: number }>('manuscript:update', { manuscript_id: this.id, update: toBase64(update) }).catch(() => null);
    if (reply?.data) return true;
    if (reply?.error && !reply.error.retry) {
      // The right to write is gone (the task reassigned, the link revoked): the editor turns read-only.
      this.set({ error: reply.error.message, permission: 'comment' });
    }
    return false;
  }

  /**
   * An input method's composition started (true) or ended (false). Updates wait while it runs
   * and for `COMPOSITION_SETTLE_MS` after it ends, so the editor's final transaction (the
   * committed text replacing the reading) goes out in the same merged update.
   */
  composing(active: boolean): void {
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    if (active) {
      this.held ??= [];
      return;
    }
    this.releaseTimer = setTimeout(() => this.release(), COMPOSITION_SETTLE_MS);
  }

  private release(): void {
    this.releaseTimer = null;
    const held = this.held;
    this.held = null;
    if (held && held.length > 0) this.onDocUpdate(Y.mergeUpdates(held), null);
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === this || this.destroyed) return;
    if (this.state.permission !== null && !mayWrite(this.state.permission)) return;
    if (this.state.status !== 'synced') {
      this.lost = true;
      return;
    }
    if (this.held) {
      this.held.push(update);
      return;
    }
    const generation = this.joinGeneration;
    this.unacked++;
    void this.sendUpdate(update).then((sent) => {
      this.unacked--;
      if (sent) return;
      // Not taken: the next join carries it; a failure while still joined asks for that join now.
      this.lost = true;
      if (generation === this.joinGeneration && !this.state.error) void this.join(0);
    });
  };

  private readonly onAwarenessUpdate = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown): void => {
    if (origin === this) {
      // Someone new (a tab that just joined): they see this reader's caret now, not at the next renewal.
      if (added.length > 0 && this.awareness.getLocalState() !== null) this.sendAwareness([this.doc.clientID]);
      return;
    }
    this.sendAwareness([...added, ...updated, ...removed]);
  };

  private sendAwareness(clients: number[]): void {
    if (this.state.status !== 'synced' || clients.length === 0) return;
    const update = toBase64(encodeAwarenessUpdate(this.awareness, clients));
    void this.options.transport.request('manuscript:awareness', { manuscript_id: this.id, update }).catch(() => null);
  }

  /** Leaves the room and withdraws this reader's caret; the document stays the caller's. */
  destroy(): void {
    if (this.destroyed) return;
    // The removal goes out while still joined.
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'destroy');
    this.destroyed = true;
    this.joinGeneration++;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    if (this.state.status === 'synced') void this.options.transport.request('manuscript:leave', { manuscript_id: this.id }).catch(() => null);
    this.offs.forEach((off) => off());
    this.doc.off('update', this.onDocUpdate);
    this.awareness.off('update', this.onAwarenessUpdate);
    this.awareness.destroy();
    this.listeners.clear();
  }
}
