import { api } from '@/lib/api-client';
import type { InformationInput, InformationItem, InformationList } from './types';

export const informationApi = {
  /** Staff asking `includeScheduled` also get the posts waiting for their start. */
  list: (page: number, includeScheduled: boolean) =>
    api.get<InformationList>('/information', { page, includeScheduled: includeScheduled ? 1 : undefined }),
  /** The caller's posts published since they last closed the dialog, newest first. */
  latest: () => api.get<{ information: InformationItem[] }>('/information/latest').then((answer) => answer.information),
  /** Marks everything published so far as seen (the dialog was closed). */
  seen: () => api.put<unknown>('/information/seen'),
  create: (input: InformationInput) => api.post<InformationItem>('/information', input),
  remove: (id: number) => api.delete<void>(`/information/${id}`),
};
