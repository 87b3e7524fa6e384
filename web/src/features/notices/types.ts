/** Notices as the bell and the envelope show them; a notice is the record the socket also pushes (lib/events). */
import type { NoticeView } from '@/lib/events';

export type Notice = NoticeView;

export interface NoticeList {
  notices: Notice[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
  unreadCount: number;
}
