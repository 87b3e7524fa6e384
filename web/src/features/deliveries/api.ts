import { api } from '@/lib/api-client';
import type { Paging } from '@/lib/paging';
import type { ClientDelivery, DeliveryReport, NewDeliveryReport } from './types';

export const deliveriesApi = {
  forClient: (clientId: number, page: number) => api.get<Paging & { deliveries: ClientDelivery[] }>(`/clients/${clientId}/deliveries`, { page }),
  reports: () => api.get<{ deliveryReports: DeliveryReport[] }>('/v2/delivery_reports'),
  createReport: (input: NewDeliveryReport) => api.post<DeliveryReport>('/v2/delivery_reports', input),
};
