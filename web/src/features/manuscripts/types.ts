/**
 * The manuscripts' server types as the web reads them (generated from the server's document,
 * keys camelCased by the API client), and the hub's acks.
 */
import type { Body, View } from '@/lib/api/wire';
import type { Block } from './count';

export type { ManuscriptAwareness, ManuscriptUpdated } from '@/lib/events';
export type { Block, Counts, SectionCount } from './count';

/** What a reader may do: edit and suggest send document updates, comment only reads (and shows its caret). */
export type Permission = View<'ManuscriptPermission'>;
/** A task's manuscript with the caller's own permission (a link narrows it: the editor takes the effective one). */
export type Manuscript = View<'Manuscript'>;
/** An editor link as listed (`url` null: the server keeps no token to list). */
export type ManuscriptLink = View<'ManuscriptLink'>;
/** The answer that created a link: the only one with its `url` and `token`. */
export type IssuedManuscriptLink = View<'IssuedManuscriptLink'>;
export type NewLink = Body<'NewManuscriptLink'>;
export type ManuscriptVersion = View<'ManuscriptVersion'>;
/** A version with what it held: its text blocks (what a comparison reads) and its Yjs state in base64 (what a restore loads). */
export type ManuscriptVersionContent = View<'ManuscriptVersionContent'>;
/** The answer to delivering a version: the task's new delivery (as `delivery.registered` carries it). */
export type DeliveryRegistered = View<'DeliveryRegistered'>;
/** An uploaded image put into the manuscript: its file and the `src` its image node holds. */
export type ManuscriptImage = View<'ManuscriptImage'>;
/** `GET /editor/resolve?token=…`: the manuscript a link opens and the effective permission. */
export type EditorResolution = View<'EditorResolution'>;

/** A comment as the caller reads it (`canDelete`: theirs); a thread's root has an `anchor`, a reply a `parentId`. */
export type ManuscriptComment = View<'ManuscriptCommentView'>;
/** A thread: its root comment and the replies, oldest first. */
export interface CommentThread {
  root: ManuscriptComment;
  replies: ManuscriptComment[];
}
export type NewComment = Body<'NewManuscriptComment'>;

/** The `manuscript:join` ack's data (camelCased by live.ts); `update` and `stateVector` base64. */
export interface JoinAck {
  manuscriptId: number;
  permission: Permission;
  update: string;
  stateVector: string;
}

/** Every manuscript ack: its data, or the hub's refusal (`retry`: the check could not be made, ask again). */
export interface Ack<T> {
  data?: T;
  error?: { message: string; retry?: boolean };
}

export const PERMISSION_LABEL: Record<Permission, string> = { edit: '編集', suggest: '提案', comment: 'コメント' };

/** Whether the permission may send document updates (the server checks too). */
export const mayWrite = (permission: Permission | null | undefined): boolean => permission === 'edit' || permission === 'suggest';

/**
 * What the page may ask of a mounted editor (the editor is a lazy chunk; the comparison and the
 * restore live outside it): the current text blocks, a call on every change, and a restore.
 */
export interface EditorHandle {
  blocks: () => Block[];
  /** Calls `listener` after every change of the document (typing, another writer's edit); answers the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** Replaces the live content with a stored state's (base64 Yjs), as ordinary edits everyone in the room receives. */
  restore: (state: string) => void;
}
