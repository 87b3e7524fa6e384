import type { NoticeView } from '@/lib/events';
import { notifyInBackground } from './background';

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    public title: string,
    public options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

const notice = (type: NoticeView['type']): NoticeView => ({
  id: 41,
  type,
  isRead: false,
  notificationDate: '2026-11-29T01:00:00Z',
  message: '山田 花子さんが「デモ編集部」であなたをメンションしました',
  reference: { teamId: 2, channelId: 3, messageId: 77, projectId: null, workId: null, taskId: null, mediaId: null },
});

let visibility: DocumentVisibilityState = 'hidden';
beforeEach(() => {
  FakeNotification.shown = [];
  FakeNotification.permission = 'granted';
  visibility = 'hidden';
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('background notifications', () => {
  it('show a chat notice while the tab is hidden, and a click opens its message', async () => {
    const open = vi.fn();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    await notifyInBackground({ notice: notice('message'), group: 'message', unreadCount: 1 }, { enabled: async () => true, preview: async () => '確認お願いします', open });
    expect(FakeNotification.shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ['山田 花子さんが「デモ編集部」であなたをメンションしました', '確認お願いします', 'tsumugi-notice-41'],
    ]);
    FakeNotification.shown[0].onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('/teams/2/channels/3?message=77');
    expect(FakeNotification.shown[0].closed).toBe(true);
  });

  it('show nothing on a visible tab, with the setting off, without permission, or for task notices', async () => {
    const options = { enabled: async () => true, preview: async () => '', open: () => {} };
    visibility = 'visible';
    await notifyInBackground({ notice: notice('message'), group: 'message', unreadCount: 1 }, options);
    visibility = 'hidden';
    await notifyInBackground({ notice: notice('message'), group: 'message', unreadCount: 1 }, { ...options, enabled: async () => false });
    await notifyInBackground({ notice: notice('order_task'), group: 'task', unreadCount: 1 }, options);
    FakeNotification.permission = 'default';
    await notifyInBackground({ notice: notice('message'), group: 'message', unreadCount: 1 }, options);
    expect(FakeNotification.shown).toEqual([]);
  });
});
