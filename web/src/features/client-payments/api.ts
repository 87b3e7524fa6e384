import { api } from '@/lib/api-client';
import type { ClientChoice, MediaPayment, MediaPaymentInput, MediaUsage, NamedRef, UsageMonth, UsageOverview, UsageYear } from './types';

const quiet = { quietRefusal: true };

export const clientPaymentsApi = {
  overview: (clientId: number) => api.get<UsageOverview>(`/clients/${clientId}/payments`, undefined, quiet),
  year: (clientId: number, year: number) => api.get<UsageYear>(`/clients/${clientId}/payments/${year}`, undefined, quiet),
  month: (clientId: number, year: number, month: number) => api.get<UsageMonth>(`/clients/${clientId}/payments/${year}/${month}`, undefined, quiet),
  mediaMonth: (clientId: number, mediaId: number, year: number, month: number) =>
    api.get<MediaUsage>(`/clients/${clientId}/media/${mediaId}/payments/${year}/${month}`, undefined, quiet),
  update: (mediaId: number, input: MediaPaymentInput) => api.put<MediaPayment>(`/admin/clients/media/${mediaId}/payments`, input),
  /** The staff's company search (the clients list, first page). */
  clients: (words: string) => api.get<{ clients: ClientChoice[] }>('/clients', { words }),
  /** One company's media for the staff's picker. */
  media: (clientId: number) => api.get<{ media: NamedRef[] }>(`/clients/${clientId}/media`),
};
