import { api } from '@/lib/api-client';
import type {
  ClientMedia,
  CustomerInformation,
  MediaDetail,
  MediaFormOptions,
  MediaInformation,
  MediaInput,
  MediaList,
  MediaManager,
  MediaMembers,
  OptionPayment,
  OptionPaymentInput,
  OptionPayments,
} from './types';

const quiet = { quietRefusal: true };

export const mediaApi = {
  list: (words: string, page: number) => api.get<MediaList>('/media', { words, page }),
  ofClient: (clientId: number) => api.get<ClientMedia>(`/clients/${clientId}/media`, undefined, quiet),
  detail: (mediaId: number) => api.get<MediaDetail>(`/clients/media/${mediaId}`, undefined, quiet),
  create: (clientId: number, input: MediaInput) => api.post<MediaDetail>(`/clients/${clientId}/media`, input),
  update: (clientId: number, mediaId: number, input: MediaInput) => api.put<MediaDetail>(`/clients/${clientId}/media/${mediaId}`, input),
  information: (mediaId: number, leftTeamMembers: boolean) =>
    api.get<MediaInformation>(`/clients/media/${mediaId}/information`, { leftTeamMembers: leftTeamMembers ? 1 : undefined }, quiet),
  members: (mediaId: number, page: number) => api.get<MediaMembers>(`/clients/media/${mediaId}/members`, { page }, quiet),
  optionPayments: (mediaId: number) => api.get<OptionPayments>(`/clients/media/${mediaId}/option_payment`, undefined, quiet),
  addOptionPayment: (mediaId: number, input: OptionPaymentInput) => api.post<OptionPayment>(`/clients/media/${mediaId}/option_payment`, input),
  customerInformation: (mediaId: number) => api.get<CustomerInformation>(`/clients/media/${mediaId}/customer_information`, undefined, quiet),
  saveCustomerInformation: (mediaId: number, customerInformation: string) =>
    api.put<CustomerInformation>(`/clients/media/${mediaId}/customer_information`, { customerInformation }),
  formOptions: async (clientId: number): Promise<MediaFormOptions> => {
    const [search, candidates] = await Promise.all([
      api.get<Pick<MediaFormOptions, 'genreGroups' | 'searchTags'>>('/creators/search_options'),
      api.get<{ managers: MediaManager[] }>(`/clients/${clientId}/media/manager_candidates`),
    ]);
    return { genreGroups: search.genreGroups, searchTags: search.searchTags, managers: candidates.managers };
  },
};
