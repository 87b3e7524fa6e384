import { api } from '@/lib/api-client';
import type { DeliveryRegistered } from '@/lib/events';
import type { TaskGroups } from '@/lib/tasks';
import type { AdminTaskChange, TaskDetail } from './types';

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

  adminUpdate: (taskId: number, change: AdminTaskChange) => api.put<TaskDetail>(`/admin/tasks/${taskId}`, change),
  adminCompletedDate: (taskIds: number[], completedDate: string) =>
    api.put<{ updated: number }>('/admin/tasks/completed_date', { taskIds, completedDate }),
  adminInvalid: (taskIds: number[]) => api.put<{ updated: number }>('/admin/tasks/invalid', { taskIds }),
};
