import { ForbiddenError } from '@/lib/errors';
import { chatMessage } from '@/test/chat-fixtures';
import { mockApi } from '@/test/mock-api';
import { catchUpAfter, groupByChannel, mergeMessages, prefetchChannel, takePrefetched, teamUnread, useChat } from './store';

const message = chatMessage;

afterEach(() => {
  vi.unstubAllGlobals();
  useChat.setState({ histories: {}, unread: {}, unreadPushed: {}, pins: {}, viewing: null, channelTeams: {}, channelInfo: {} });
});

describe('chat store', () => {
  it('merges pushes and catch-up by id, oldest first, without duplicates', () => {
    const merged = mergeMessages([message(3), message(1)], [message(2), message(3, 1, 2, 'edited')]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2].body).toBe('edited');
  });

  it('catches up from a moment before the newest message held, or from before a resync time', () => {
    const at = (id: number, time: string) => message(id, 1, 2, `m${id}`, time);
    // Node B's own messages (12, 14) arrived live while Redis was away; 11 and 13 from node A did not.
    const held = [at(9, '2026-11-22T10:00:00Z'), at(10, '2026-11-22T10:00:05Z'), at(12, '2026-11-22T10:01:10Z'), at(14, '2026-11-22T10:01:20Z')];
    // 13 may commit, or come through another node, after 14 was pushed: the catch-up looks 5 s back.
    expect(catchUpAfter(held)).toBe(12);
    expect(catchUpAfter([...held, at(15, '2026-11-22T10:01:22Z')])).toBe(12);
    expect(catchUpAfter([at(20, '2026-11-22T10:02:00Z'), at(21, '2026-11-22T10:02:01Z')])).toBe(20);
    expect(catchUpAfter(held, '2026-11-22T10:00:30Z')).toBe(10);
    expect(catchUpAfter(held, '2026-11-22T09:00:00Z')).toBe(9);
    expect(catchUpAfter([], '2026-11-22T09:00:00Z')).toBeUndefined();
  });

  it('fills the holes a resync reports, page by page, each message once', async () => {
    const at = (id: number, time: string) => message(id, 1, 2, `m${id}`, time);
    useChat.setState({
      histories: { 1: { data: [at(10, '2026-11-22T10:00:05Z'), at(12, '2026-11-22T10:01:10Z')], loading: false, error: null, page: 0, hasMore: false, unreadMessageId: null, unreadCount: 0, unreadUpToId: null } },
    });
    const api = mockApi({
      'GET /channels/1/messages': (call) =>
        call.query.get('after_id') === '10'
          ? { body: { messages: [at(11, '2026-11-22T10:01:00Z'), at(12, '2026-11-22T10:01:10Z')], has_more: true } }
          : { body: { messages: [at(13, '2026-11-22T10:01:15Z')], has_more: false } },
    });
    await useChat.getState().catchUp(1, '2026-11-22T10:00:30Z');
    expect(useChat.getState().histories[1].data.map((m) => m.id)).toEqual([10, 11, 12, 13]);
    expect(api.calls.map((c) => c.query.get('after_id'))).toEqual(['10', '12']);
  });

  it('after a reconnection fetches only the messages of the look-back it does not hold', async () => {
    const at = (id: number, time: string, parentId: number | null = null) => ({ ...message(id, 1, 2, `m${id}`, time), parentId });
    useChat.setState({
      histories: { 1: { data: [at(10, '2026-11-22T10:00:00Z'), at(12, '2026-11-22T10:00:04Z'), at(14, '2026-11-22T10:00:06Z')], loading: false, error: null, page: 0, hasMore: false, unreadMessageId: null, unreadCount: 0, unreadUpToId: null } },
    });
    // 11 committed after 14 was pushed; 13 is a reply in a thread nobody here has open.
    const earlier = [11, 12, 13, 14].map((id) => ({ id, parent_id: id === 13 ? 9 : null }));
    const api = mockApi({
      'GET /channels/1/messages': { body: { messages: [at(15, '2026-11-22T10:00:07Z')], has_more: false, earlier } },
      'GET /channels/1/messages/11': { body: at(11, '2026-11-22T10:00:03Z') },
    });
    await useChat.getState().catchUp(1);
    expect(useChat.getState().histories[1].data.map((m) => m.id)).toEqual([10, 11, 12, 14, 15]);
    const [page] = api.called('GET /channels/1/messages');
    expect([page.query.get('after_id'), page.query.get('recheck_after_id')]).toEqual(['14', '10']);
    expect(api.calls.map((c) => c.path)).toEqual(['/channels/1/messages', '/channels/1/messages/11']);
  });

  it('counts a pushed message as unread unless it is own or on screen', () => {
    useChat.setState({ histories: { 1: { data: [message(1)], loading: false, error: null, page: 0, hasMore: false, unreadMessageId: null, unreadCount: 0, unreadUpToId: null } } });
    useChat.getState().onCreated(message(2), 9);
    expect(useChat.getState().histories[1].data.map((m) => m.id)).toEqual([1, 2]);
    expect(useChat.getState().unread[1]).toBe(1);
    useChat.getState().onCreated(message(2), 9);
    expect(useChat.getState().unread[1]).toBe(1);
    useChat.getState().onCreated(message(3, 1, 9), 9);
    expect(useChat.getState().unread[1]).toBe(1);
    useChat.getState().onRead({ channelId: 1, lastReadMessageId: 3, unreadCount: 0 });
    expect(useChat.getState().unread[1]).toBe(0);
  });

  it('adds pushes newer than a count taken meanwhile, once, and none the count already has', async () => {
    let newest = 19;
    let count = 3;
    mockApi({
      'GET /channels/unread': () => ({ body: { channels: [{ channel_id: 1, team_id: 5, unread_count: count, newest_message_id: newest }], total: count } }),
    });
    // Message 20 is pushed before the count answers; the count was taken before it was sent.
    useChat.getState().onCreated(message(20), 9);
    useChat.getState().onCreated(message(20), 9);
    expect(useChat.getState().unread[1]).toBe(1);
    await useChat.getState().fetchUnread();
    expect(useChat.getState().unread[1]).toBe(4);
    // A later count that includes message 20 replaces the sum; 20 is not added again.
    newest = 20;
    count = 4;
    await useChat.getState().fetchUnread();
    expect(useChat.getState().unread[1]).toBe(4);
    useChat.getState().onCreated(message(20), 9);
    expect(useChat.getState().unread[1]).toBe(5);
  });

  it('removes deleted messages and keeps pins in step', () => {
    useChat.setState({ histories: { 1: { data: [message(1), message(2)], loading: false, error: null, page: 0, hasMore: false, unreadMessageId: null, unreadCount: 0, unreadUpToId: null } } });
    useChat.getState().onPinAdded({ channelId: 1, message: message(2) });
    expect(useChat.getState().histories[1].data[1].isPinned).toBe(true);
    expect(useChat.getState().pins[1].map((m) => m.id)).toEqual([2]);
    useChat.getState().onDeleted({ id: 2, channelId: 1 });
    expect(useChat.getState().histories[1].data.map((m) => m.id)).toEqual([1]);
    expect(useChat.getState().pins[1]).toEqual([]);
  });

  it('adds a team badge up from its channels, so pushes and reads move it', () => {
    const team = { id: 5, unreadCount: 7 };
    // Before any channel of the team is known, the team list's count stands.
    expect(teamUnread(useChat.getState(), team)).toBe(7);
    useChat.setState({ channelTeams: { 1: 5, 2: 5, 9: 6 }, unread: { 1: 0, 2: 1, 9: 4 } });
    expect(teamUnread(useChat.getState(), team)).toBe(1);
    useChat.getState().onCreated(message(10, 1), 99);
    expect(teamUnread(useChat.getState(), team)).toBe(2);
    useChat.getState().onRead({ channelId: 2, lastReadMessageId: 8, unreadCount: 0 });
    expect(teamUnread(useChat.getState(), team)).toBe(1);
  });

  it('keeps a refused channel as its refusal, asking nothing more and throwing nothing', async () => {
    const api = mockApi({ 'GET /channels/3': { status: 403, body: { error: { message: 'アクセスが許可されていません。' } } } });
    await expect(useChat.getState().openChannel(3)).resolves.toBe(false);
    expect(useChat.getState().channelInfo[3].error).toBeInstanceOf(ForbiddenError);
    expect(useChat.getState().channelInfo[3].data).toBeNull();
    // Reads that fail (here: 404s) settle quietly; the banner has them.
    await expect(useChat.getState().fetchMembers(3)).resolves.toBeUndefined();
    await expect(useChat.getState().fetchPins(3)).resolves.toBeUndefined();
    await expect(useChat.getState().fetchUnread()).resolves.toEqual([]);
    expect(api.calls.map((c) => c.path)).toEqual(['/channels/3', '/channels/3/members', '/channels/3/pinned_messages', '/channels/unread']);
  });

  it('prefetches a channel and its newest page once, for the page to take instead of asking again', async () => {
    const api = mockApi({
      'GET /channels/4': { body: { id: 4, team_id: 1, name: '雑談', unread_count: 0, last_read_message_id: 0, status: 'active' } },
      'GET /channels/4/messages': { body: { messages: [{ ...message(9, 4), channel_id: 4 }], has_more: false, unread_message_id: null } },
    });
    prefetchChannel(4, 0);
    await vi.waitFor(() => expect(useChat.getState().histories[4]?.data).toHaveLength(1));
    expect(useChat.getState().channelInfo[4].data?.name).toBe('雑談');
    expect(api.calls.map((c) => c.path)).toEqual(['/channels/4', '/channels/4/messages']);
    expect(takePrefetched('channel:4')).toBe(true);
    expect(takePrefetched('history:4:0')).toBe(true);
    // Taken once: a later visit asks again.
    expect(takePrefetched('channel:4')).toBe(false);
    expect(takePrefetched('history:4:1')).toBe(false);
  });
});

describe('threads and search', () => {
  beforeEach(() => useChat.setState({ histories: {}, threads: {} }));

  it('puts a pushed reply into its open thread, never into the channel history', () => {
    useChat.setState({ histories: { 1: { data: [message(10)], loading: false, error: null, page: 0, hasMore: false, unreadMessageId: null, unreadCount: 0, unreadUpToId: null } } });
    useChat.setState({ threads: { 10: { data: [], loading: false, error: null } } });
    useChat.getState().onCreated({ ...message(11), parentId: 10 }, 99);
    expect(useChat.getState().histories[1].data.map((m) => m.id)).toEqual([10]);
    expect(useChat.getState().threads[10].data.map((m) => m.id)).toEqual([11]);
    useChat.getState().onUpdated({ ...message(10), replyCount: 1 });
    expect(useChat.getState().histories[1].data[0].replyCount).toBe(1);
    useChat.getState().onDeleted({ id: 11, channelId: 1 });
    expect(useChat.getState().threads[10].data).toEqual([]);
  });

  it('groups hits by channel in the order of their newest hit', () => {
    const hit = (id: number, channelId: number) => ({
      message: message(id, channelId),
      channel: { id: channelId, name: `c${channelId}`, channelType: 'group' as const },
      team: { id: 1, name: 't' },
      excerpt: [],
    });
    const groups = groupByChannel([hit(9, 2), hit(8, 1), hit(7, 2)]);
    expect(groups.map((g) => [g.channel.id, g.hits.map((h) => h.message.id)])).toEqual([
      [2, [9, 7]],
      [1, [8]],
    ]);
  });

  it('opens the newest messages when the message asked for is gone, and finds the thread of a reply', async () => {
    mockApi({
      'GET /channels/1/messages': ({ query }) =>
        query.get('around_id') === '9' ? { status: 404, body: { error: { message: 'not found' } } } : { body: { messages: [message(5)], unread_message_id: null, has_more: false, current_page: 0, last_page: 0, per_page: 50, total: 1 } },
      'GET /channels/1/messages/8': { body: { ...message(8), parent_id: 3 } },
      'GET /channels/1/messages/3': { body: message(3) },
    });
    await useChat.getState().fetchAround(1, 9);
    expect(useChat.getState().histories[1].data.map((m) => m.id)).toEqual([5]);
    expect(useChat.getState().histories[1].error).toBeNull();
    // Reply 8's parent 3 is not in the loaded history: it is kept aside for the thread panel.
    expect(await useChat.getState().threadOf(1, 8)).toBe(3);
    expect(useChat.getState().threadParents[3].id).toBe(3);
  });
});
