import { api, fileForm } from '@/lib/api-client';
import type { Task } from '@/lib/tasks';
import type { AssignableUser, NewTask, SheetKind, Work } from './types';

export const worksApi = {
  /** A refusal is the page's 403/404 page, not a banner. */
  show: (projectId: number, workId: number) => api.get<Work>(`/v2/projects/${projectId}/works/${workId}`, undefined, { quietRefusal: true }),
  /** The answer is the whole task; the work's page keeps the row. */
  createTask: (workId: number, task: NewTask) => api.post<Task>(`/v2/projects/works/${workId}/tasks`, task),
  template: (kind: SheetKind) => api.download(`/v2/projects/works/tasks/templates/${kind}`),
  importTasks: (workId: number, file: File, onProgress?: (ratio: number) => void) =>
    api.upload<{ created: number; updated: number }>(`/v2/projects/works/${workId}/tasks/import`, fileForm(file), onProgress),
  importTags: (file: File, onProgress?: (ratio: number) => void) => api.upload<{ updated: number }>('/v2/projects/works/tasks/tags/import', fileForm(file), onProgress),
  /** Creators who can be offered work; the answer may be a bare list or `{users}`. */
  assignableUsers: async (): Promise<AssignableUser[]> => {
    const answer = await api.get<AssignableUser[] | { users: AssignableUser[] }>('/users', { roleTypes: ['general', 'editor_assistant'] });
    return Array.isArray(answer) ? answer : (answer?.users ?? []);
  },
};
