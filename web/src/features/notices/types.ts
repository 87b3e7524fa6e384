/** Notices as the bell and the envelope show them; a notice is the record the socket also pushes (lib/events). */
import type { View } from '@/lib/api/wire';
import type { NoticeView } from '@/lib/events';

export type Notice = NoticeView;
export type NoticeList = View<'NoticeList'>;
