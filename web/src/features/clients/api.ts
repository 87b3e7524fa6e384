import { api } from '@/lib/api-client';
import type { ImportantCounts } from './types';

export const clientsApi = {
  importantCounts: (clientId: number) => api.get<ImportantCounts>(`/clients/${clientId}/important_information/counts`),
};
