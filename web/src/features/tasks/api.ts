import { api } from '@/lib/api-client';
import type { DeliveryRegistered } from '@/lib/events';
import type {
  AdminTaskChange,
  AssignableUser,
  ClientDelivery,
  NewTask,
  Paged,
  SheetKind,
  TaskDetail,
  TaskGroups,
  Work,
} from './types';

interface FileAnswer {
  id: number;
  name: string;
}

export const tasksApi = {
  list: (status: string[]) => api.get<TaskGroups>('/tasks', { status }),
  clientList: (clientId: number, status: string[]) => api.get<TaskGroups>(`/clients/${clientId}/tasks`, { status }),
  show: (taskId: number) => api.get<TaskDetail>(`/tasks/${taskId}`),
  take: (taskId: number) => api.post<unknown>(`/tasks/${taskId}/take`),
  decline: (taskId: number) => api.post<void>(`/tasks/${taskId}/decline`),
  deliverFiles: (taskId: number, fileIds: number[]) => api.post<DeliveryRegistered>(`/tasks/${taskId}/deliveries`, { type: 'file', fileIds }),
  deliverUrl: (taskId: number, url: string) => api.post<DeliveryRegistered>(`/tasks/${taskId}/deliveries`, { type: 'external', url }),
  inspect: (taskId: number, result: 'accepted' | 'rejected', reason?: string) => api.put<unknown>(`/tasks/${taskId}/inspection`, { result, reason }),
  file: (fileId: number) => api.download(`/files/${fileId}`),
  uploadFile: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload<FileAnswer>('/files', form);
  },

  work: (projectId: number, workId: number) => api.get<Work>(`/v2/projects/${projectId}/works/${workId}`),
  createTask: (workId: number, task: NewTask) => api.post<TaskDetail>(`/v2/projects/works/${workId}/tasks`, task),
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

  clientDeliveries: (clientId: number, page: number) =>
    api.get<Paged & { deliveries: ClientDelivery[] }>(`/clients/${clientId}/deliveries`, { page }),

  adminUpdate: (taskId: number, change: AdminTaskChange) => api.put<TaskDetail>(`/admin/tasks/${taskId}`, change),
  adminCompletedDate: (taskIds: number[], completedDate: string) =>
    api.put<{ updated: number }>('/admin/tasks/completed_date', { taskIds, completedDate }),
  adminInvalid: (taskIds: number[]) => api.put<{ updated: number }>('/admin/tasks/invalid', { taskIds }),
};
