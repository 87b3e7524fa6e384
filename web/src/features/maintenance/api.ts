import { api } from '@/lib/api-client';
import type { Maintenance } from './types';

interface MaintenanceAnswer {
  maintenance: Maintenance | null;
}

export const maintenanceApi = {
  current: () => api.get<MaintenanceAnswer>('/maintenance'),
  /** Staff: set the window (times RFC 3339 with the Tokyo offset). */
  set: (window: Omit<Maintenance, 'active'>) => api.put<MaintenanceAnswer>('/admin/maintenance', window),
  clear: () => api.delete<void>('/admin/maintenance'),
};
