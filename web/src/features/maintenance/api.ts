import { api } from '@/lib/api-client';
import type { Maintenance, MaintenanceSchedule, WindowInput } from './types';

export const maintenanceApi = {
  current: () => api.get<MaintenanceSchedule>('/maintenance'),
  /** Admin: schedule a window (it may start now or later). */
  schedule: (input: WindowInput) => api.post<Maintenance>('/admin/maintenance/windows', input),
  /** Admin: cancel an upcoming window, or end a running one now. */
  cancel: (id: number) => api.delete<void>(`/admin/maintenance/windows/${id}`),
  /** Admin: maintenance from now until `endDatetime` (or change the running window). */
  startNow: (input: { message: string; endDatetime: string }) => api.put<MaintenanceSchedule>('/admin/maintenance', input),
  /** Admin: end the running window now (scheduled ones stay). */
  endNow: () => api.delete<void>('/admin/maintenance'),
};
