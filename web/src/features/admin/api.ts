import { api } from '@/lib/api-client';
import type { DeliveryReport, OfferTemplate } from './types';

type TemplateInput = Pick<OfferTemplate, 'name' | 'body'>;

export const adminApi = {
  offerTemplates: () => api.get<OfferTemplate[]>('/offer_templates'),
  createOfferTemplate: (input: TemplateInput) => api.post<OfferTemplate>('/offer_templates', input),
  updateOfferTemplate: (id: number, input: TemplateInput) => api.put<OfferTemplate>(`/offer_templates/${id}`, input),
  deleteOfferTemplate: (id: number) => api.delete<void>(`/offer_templates/${id}`),
  deliveryReports: () => api.get<{ deliveryReports: DeliveryReport[] }>('/v2/delivery_reports'),
  createDeliveryReport: (input: { mediaId: number; year: number; month: number }) => api.post<DeliveryReport>('/v2/delivery_reports', input),
};
