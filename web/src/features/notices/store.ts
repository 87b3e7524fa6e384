/** Notices behind the bell (task notices) and the envelope (message notices), kept live by the socket. */
import { create } from 'zustand';
import { type AsyncState, done, failed, initialAsync, started } from '@/lib/async-state';
import type { NoticeCreated, NoticeGroup, NoticeRead } from '@/lib/events';
import { registerReset } from '@/lib/reset';
import { noticesApi } from './api';
import type { Notice } from './types';

interface GroupState extends AsyncState<Notice[]> {
  page: number;
  lastPage: number;
  unreadCount: number;
}

interface NoticesState {
  task: GroupState;
  message: GroupState;
  /** Loads page `page` (from 1); page 1 replaces the list, later pages append. */
  fetchPage: (group: NoticeGroup, page: number) => Promise<void>;
  readOne: (group: NoticeGroup, id: number) => Promise<void>;
  readAll: (group: NoticeGroup, channelId?: number) => Promise<void>;
  applyCreated: (event: NoticeCreated) => void;
  applyRead: (event: NoticeRead) => void;
}

const emptyGroup = (): GroupState => ({ ...initialAsync<Notice[]>([]), page: 0, lastPage: 1, unreadCount: 0 });

export const useNotices = create<NoticesState>((set) => {
  const patch = (group: NoticeGroup, update: (g: GroupState) => Partial<GroupState>) =>
    set((s) => ({ [group]: { ...s[group], ...update(s[group]) } }) as Partial<NoticesState>);
  return {
    task: emptyGroup(),
    message: emptyGroup(),
    fetchPage: async (group, page) => {
      patch(group, (g) => started(g));
      try {
        const list = await noticesApi.list(group, page);
        patch(group, (g) => ({
          ...done(g, page === 1 ? list.notices : [...g.data, ...list.notices.filter((n) => !g.data.some((o) => o.id === n.id))]),
          page: list.currentPage,
          lastPage: list.lastPage,
          unreadCount: list.unreadCount,
        }));
      } catch (error) {
        patch(group, (g) => failed(g, error, 'お知らせの取得に失敗しました'));
      }
    },
    // A failed read is in the banner already (the API client reports it); the notice stays unread.
    readOne: async (group, id) => {
      try {
        await noticesApi.readOne(id);
        patch(group, (g) => ({ data: g.data.map((n) => (n.id === id ? { ...n, isRead: true } : n)) }));
      } catch {
        // reported by the API client
      }
    },
    readAll: async (group, channelId) => {
      try {
        const answer = await noticesApi.readAll(group, channelId);
        patch(group, (g) => ({
          unreadCount: answer.unreadCount,
          data: g.data.map((n) => (channelId && n.reference.channelId !== channelId ? n : { ...n, isRead: true })),
        }));
      } catch {
        // reported by the API client
      }
    },
    applyCreated: ({ notice, group, unreadCount }) =>
      patch(group, (g) => ({
        unreadCount,
        data: g.data.some((n) => n.id === notice.id) ? g.data : [notice, ...g.data],
      })),
    applyRead: ({ group, noticeId, channelId, unreadCount }) =>
      patch(group, (g) => ({
        unreadCount,
        data: g.data.map((n) =>
          noticeId ? (n.id === noticeId ? { ...n, isRead: true } : n) : channelId && n.reference.channelId !== channelId ? n : { ...n, isRead: true },
        ),
      })),
  };
});

registerReset(() => useNotices.setState({ task: emptyGroup(), message: emptyGroup() }));
