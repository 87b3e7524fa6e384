import { api } from '@/lib/api-client';
import type { ClientAccounts, ClientDetail, ClientInput, ClientList, ImportantCounts, NamedRef } from './types';

const quiet = { quietRefusal: true };

export const clientsApi = {
  importantCounts: (clientId: number) => api.get<ImportantCounts>(`/clients/${clientId}/important_information/counts`),
  list: (words: string, page: number) => api.get<ClientList>('/clients', { words, page }),
  detail: (id: number) => api.get<ClientDetail>(`/clients/${id}`, undefined, quiet),
  create: (input: ClientInput) => api.post<ClientDetail>('/clients', input),
  update: (id: number, input: ClientInput) => api.put<ClientDetail>(`/clients/${id}`, input),
  accounts: (id: number) => api.get<ClientAccounts>(`/clients/${id}/accounts`, undefined, quiet),
  invite: (id: number, mailAddress: string) => api.post<void>(`/clients/${id}/accounts`, { mailAddress }),
  plans: () => api.get<{ plans: NamedRef[] }>('/clients/plans'),
  prefectures: () => api.get<NamedRef[]>('/prefectures'),
};
