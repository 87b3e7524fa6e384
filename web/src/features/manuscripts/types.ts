/**
 * The manuscripts' server types as the web reads them (keys camelCased by the API client).
 * Written by hand against the shared contract (issue 44, manuscripts-protocol.md) while the
 * server is built on another branch.
 * TODO(lead): alias generated schemas after merge: Permission = View<'ManuscriptPermission'>,
 * Manuscript, ManuscriptLink (`IssuedManuscriptLink` for the created one), ManuscriptVersion,
 * EditorResolution = View<'…'> of the same names, NewLink = Body<'NewManuscriptLink'>; the
 * server's counts are View<'ManuscriptCounts'> (same shape as count.ts's `Counts`).
 */
import type { Counts } from './count';

export type { ManuscriptAwareness, ManuscriptUpdated } from '@/lib/events';
export type { Counts, SectionCount } from './count';

/** What a reader may do: edit and suggest send document updates, comment only reads (and shows its caret). */
export type Permission = 'edit' | 'suggest' | 'comment';

export interface Manuscript {
  id: number;
  taskId: number;
  taskName: string;
  projectName: string;
  title: string;
  /** The caller's own permission (a link narrows it: the editor takes the effective one). */
  permission: Permission;
  /** Own permission edit: may issue and revoke editor links. */
  canIssueLinks: boolean;
  counts: Counts;
  updatedAt: string;
}

export interface ManuscriptLink {
  id: number;
  permission: Permission;
  expiresAt: string;
  revokedAt: string | null;
  createdByName: string;
  /** `/editor?token=…`, only in the answer that created the link (the server keeps no token to list). */
  url: string | null;
  /** Only in the answer that created the link. */
  token?: string;
}

export interface NewLink {
  permission: Permission;
  /** 1–720. */
  expiresInHours: number;
}

export interface ManuscriptVersion {
  id: number;
  name: string;
  counts: Counts;
  createdByName: string;
  createdAt: string;
}

/** `GET /editor/resolve?token=…`: the manuscript a link opens and the effective permission. */
export interface EditorResolution {
  manuscriptId: number;
  permission: Permission;
}

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
