import { api } from '@/lib/api-client';
import type { Task } from '@/lib/tasks';
import type { AssignableUser, NewTask, SheetKind, Work } from './types';

export const worksApi = {
  show: (projectId: number, workId: number) => api.get<Work>(`/v2/projects/${projectId}/works/${workId}`),
  /** The answer is the whole task; the work's page keeps the row. */
  createTask: (workId: number, task: NewTask) => api.post<Task>(`/v2/projects/works/${workId}/tasks`, task),
  template: (kind: SheetKind) => api.download(`/v2/projects/works/tasks/templates/${kind}`),
  importTasks: (workId: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload<{ created: number; updated: number }>(`/v2/projects/works/${workId}/tasks/import`, form);
  },
  importTags: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload<{ updated: number }>('/v2/projects/works/tasks/tags/import', form);
  },
  /** Creators who can be offered work; the answer may be a bare list or `{users}`. */
  assignableUsers: async (): Promise<AssignableUser[]> => {
    const answer = await api.get<AssignableUser[] | { users: AssignableUser[] }>('/users', { roleTypes: ['general', 'editor_assistant'] });
    return Array.isArray(answer) ? answer : (answer?.users ?? []);
  },
};
