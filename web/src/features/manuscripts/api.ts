import { api } from '@/lib/api-client';
import type { EditorResolution, IssuedManuscriptLink, Manuscript, ManuscriptLink, ManuscriptVersion, ManuscriptVersionContent, NewLink } from './types';

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
    api.get<ManuscriptVersionContent>(`/manuscripts/${id}/versions/${versionId}`, token ? { token } : undefined),
};
