import { api } from '@/lib/api-client';
import type { NoticeGroup, NoticeRead } from '@/lib/events';
import type { NoticeList } from './types';

export const noticesApi = {
  list: (group: NoticeGroup, page: number) => api.get<NoticeList>('/v2/notices', { type: group, page }),
  readOne: (id: number) => api.put<void>(`/v2/notices/${id}/read`),
  /** Marks a whole group read (optionally one channel's); answers as the `notice.read` push does. */
  readAll: (group: NoticeGroup, channelId?: number) => api.put<NoticeRead>('/v2/notices/read', { type: group, channelId }),
};
