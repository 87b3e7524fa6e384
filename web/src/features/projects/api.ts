import { api } from '@/lib/api-client';
import type { Project, ProjectDetail, ProjectList, UnitPricing, WorkAnswer } from './types';

export const projectsApi = {
  list: (query: { page: number; keyword: string; status: string[] }) => api.get<ProjectList>('/v2/projects', query),
  /** A refusal is the page's 403/404 page, not a banner. */
  show: (id: number) => api.get<ProjectDetail>(`/v2/projects/${id}`, undefined, { quietRefusal: true }),
  update: (id: number, body: { name?: string; description?: string; status?: string }) => api.put<Project>(`/v2/projects/${id}`, body),
  remove: (id: number) => api.delete<void>(`/v2/projects/${id}`),
  addWork: (projectId: number, name: string) => api.post<WorkAnswer>(`/v2/projects/${projectId}/works`, { name }),
  addAgencyWork: (projectId: number, name: string, crmOrderId: string) =>
    api.post<WorkAnswer>(`/v2/projects/${projectId}/works_for_operation_agency`, { name, crmOrderId }),
  renameWork: (projectId: number, workId: number, name: string) => api.put<WorkAnswer>(`/v2/projects/${projectId}/works/${workId}`, { name }),
  removeWork: (projectId: number, workId: number) => api.delete<void>(`/v2/projects/${projectId}/works/${workId}`),
  unitPricing: (crmOrderId: string) => api.get<UnitPricing>(`/crm/order/${encodeURIComponent(crmOrderId)}/unit_pricing`),
};
