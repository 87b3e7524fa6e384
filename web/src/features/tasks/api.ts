import { api } from '@/lib/api-client';
import type { DeliveryRegistered } from '@/lib/events';
import type { TaskGroups } from '@/lib/tasks';
import type { AdminTaskChange, TaskDetail } from './types';

export const tasksApi = {
  list: (status: string[]) => api.get<TaskGroups>('/tasks', { status }),
  clientList: (clientId: number, status: string[]) => api.get<TaskGroups>(`/clients/${clientId}/tasks`, { status }),
  /** A refusal is shown where the task was asked for (the 403/404 page, or the staff tool's alert), not in the banner. */
  show: (taskId: number) => api.get<TaskDetail>(`/tasks/${taskId}`, undefined, { quietRefusal: true }),
  take: (taskId: number) => api.post<unknown>(`/tasks/${taskId}/take`),
  decline: (taskId: number) => api.post<void>(`/tasks/${taskId}/decline`),
  deliverFiles: (taskId: number, fileIds: number[]) => api.post<DeliveryRegistered>(`/tasks/${taskId}/deliveries`, { type: 'file', fileIds }),
  deliverUrl: (taskId: number, url: string) => api.post<DeliveryRegistered>(`/tasks/${taskId}/deliveries`, { type: 'external', url }),
  inspect: (taskId: number, result: 'accepted' | 'rejected', reason?: string) => api.put<unknown>(`/tasks/${taskId}/inspection`, { result, reason }),
  file: (fileId: number) => api.download(`/files/${fileId}`),

  adminUpdate: (taskId: number, change: AdminTaskChange) => api.put<TaskDetail>(`/admin/tasks/${taskId}`, change),
  adminCompletedDate: (taskIds: number[], completedDate: string) =>
    api.put<{ updated: number }>('/admin/tasks/completed_date', { taskIds, completedDate }),
  adminInvalid: (taskIds: number[]) => api.put<{ updated: number }>('/admin/tasks/invalid', { taskIds }),
};
