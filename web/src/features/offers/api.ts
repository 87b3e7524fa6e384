import { api } from '@/lib/api-client';
import type { OfferTemplate, OfferTemplateInput } from './types';

export const offersApi = {
  templates: () => api.get<OfferTemplate[]>('/offer_templates'),
  createTemplate: (input: OfferTemplateInput) => api.post<OfferTemplate>('/offer_templates', input),
  updateTemplate: (id: number, input: OfferTemplateInput) => api.put<OfferTemplate>(`/offer_templates/${id}`, input),
  deleteTemplate: (id: number) => api.delete<void>(`/offer_templates/${id}`),
};
