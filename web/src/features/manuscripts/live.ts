/** The manuscripts' socket bindings: the only place the feature subscribes to the socket (the provider takes this transport). */
import { camelize } from '@/lib/case';
import { emitWithAck, onConnect, onConnectionState, onEvent, socketConnected } from '@/lib/socket';
import type { ManuscriptTransport } from './provider';
import type { Ack } from './types';

/** Calls `listener` when a comment of the manuscript changed (written, resolved, reopened, deleted): the panel reads the list again, with the caller's rights. */
export const onCommentChanged = (manuscriptId: number, listener: () => void): (() => void) =>
  onEvent('manuscript_comment.changed', (comment) => {
    if (comment.manuscriptId === manuscriptId) listener();
  });

/** The product's socket as the provider's transport: acks camelCased like pushed events. */
export const socketTransport: ManuscriptTransport = {
  request: async <T>(event: string, payload: object) => camelize<Ack<T>>(await emitWithAck<unknown>(event, payload)),
  onUpdated: (handler) => onEvent('manuscript.updated', handler),
  onAwareness: (handler) => onEvent('manuscript.awareness', handler),
  // Also after a resync of the nodes: joining again is harmless and fetches what may have been missed.
  onConnect: (listener) => onConnect(() => listener()),
  onDisconnect: (listener) => onConnectionState((state) => state !== 'online' && listener()),
  connected: socketConnected,
};
