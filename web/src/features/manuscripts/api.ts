import { api } from '@/lib/api-client';
import type { DeliveryRegistered, EditorResolution, IssuedManuscriptLink, Manuscript, ManuscriptComment, ManuscriptImage, ManuscriptLink, ManuscriptVersion, ManuscriptVersionContent, NewComment, NewLink } from './types';

/** A call made through an editor link carries its token (the server checks the link again). */
const linkQuery = (token: string | undefined) => ({ token });
const comments = (id: number, rest = '') => `/manuscripts/${id}/comments${rest}`;

export const manuscriptsApi = {
  /** 404 when the task has none (or the caller may not see it): the task page offers to create one. */
  ofTask: (taskId: number) => api.get<Manuscript>(`/tasks/${taskId}/manuscript`, undefined, { quietRefusal: true }),
  create: (taskId: number) => api.post<Manuscript>(`/tasks/${taskId}/manuscript`),
  show: (id: number) => api.get<Manuscript>(`/manuscripts/${id}`, undefined, { quietRefusal: true }),
  links: (id: number) => api.get<ManuscriptLink[]>(`/manuscripts/${id}/links`),
  createLink: (id: number, link: NewLink) => api.post<IssuedManuscriptLink>(`/manuscripts/${id}/links`, link),
  revokeLink: (id: number, linkId: number) => api.delete<void>(`/manuscripts/${id}/links/${linkId}`),
  /** 400 「無効なURLです」 / 「URLの有効期限が切れています」, shown on the editor page. */
  resolve: (token: string) => api.get<EditorResolution>('/editor/resolve', { token }, { quietRefusal: true }),
  versions: (id: number) => api.get<ManuscriptVersion[]>(`/manuscripts/${id}/versions`),
  createVersion: (id: number, name: string) => api.post<ManuscriptVersion>(`/manuscripts/${id}/versions`, { name }),
  /** A version with its blocks and Yjs state; through a link, `canRestore` follows the link's permission. */
  version: (id: number, versionId: number, token?: string) =>
    api.get<ManuscriptVersionContent>(`/manuscripts/${id}/versions/${versionId}`, linkQuery(token)),
  /** The version as the task's delivery (Word and HTML files): 403 unless the caller took the task, 422 when the task takes none now. */
  deliverVersion: (id: number, versionId: number) => api.post<DeliveryRegistered>(`/manuscripts/${id}/versions/${versionId}/deliver`),
  /** Puts an uploaded image (the caller's, `use: manuscript_image`) into the manuscript; the answer's `src` goes into the image node. */
  addImage: (id: number, fileId: number, token?: string) => api.post<ManuscriptImage>(`/manuscripts/${id}/images`, { fileId }, { query: linkQuery(token) }),
  comments: (id: number, token?: string) => api.get<ManuscriptComment[]>(comments(id), linkQuery(token)),
  createComment: (id: number, comment: NewComment, token?: string) => api.post<ManuscriptComment>(comments(id), comment, { query: linkQuery(token) }),
  resolveComment: (id: number, commentId: number, token?: string) => api.post<ManuscriptComment>(comments(id, `/${commentId}/resolve`), undefined, { query: linkQuery(token) }),
  reopenComment: (id: number, commentId: number, token?: string) => api.delete<ManuscriptComment>(comments(id, `/${commentId}/resolve`), undefined, { query: linkQuery(token) }),
  deleteComment: (id: number, commentId: number, token?: string) => api.delete<void>(comments(id, `/${commentId}`), undefined, { query: linkQuery(token) }),
};
