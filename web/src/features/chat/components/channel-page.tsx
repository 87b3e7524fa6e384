import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { deniedPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { useIsMobile } from '@/lib/device';
import { theme } from '@/theme/theme';
import { draftKey } from '../drafts';
import { joinChannel } from '../live';
import { chatRoutes } from '../routes';
import { NO_MEMBERS, NO_MESSAGES, takePrefetched, useChat } from '../store';
import { jumpLabel, jumpName, timeline, unseenUnread } from '../timeline';
import { type Channel, displayType, type Message } from '../types';
import { Composer } from './composer';
import { MessageItem } from './message-item';
import { MessageSearch } from './message-search';
import { ThreadPanel, ThreadSummary } from './thread-panel';
import { TypingLine } from './typing-line';

const Frame = styled.div`
  display: flex;
  /* The layout says what its header, tab bar and padding take (--chrome-height). */
  height: calc(100dvh - var(--chrome-height, ${theme.size.headerDesktop + 48}px));
  min-height: 320px;
  background: ${theme.color.white};
  border-radius: 6px;
  box-shadow: ${theme.shadow.card};
`;
const Main = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;
const Top = styled.div`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  padding: 10px 12px;
  border-bottom: 1px solid ${theme.color.border};
  gap: 8px;
  h1 { font-size: ${theme.font.lg}; margin: 0; min-width: 8em; flex: 1; overflow-wrap: anywhere; }
`;
const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  min-width: 0;
`;
const ListBox = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;
const List = styled.div`
  flex: 1;
  overflow-y: auto;
  /* The page keeps the reader's place itself when older messages come in above (keepPlace). */
  overflow-anchor: none;
`;
/** Over the list, so showing it never moves the messages. */
const Loading = styled.p`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  margin: 0;
  padding: 4px;
  text-align: center;
  color: ${theme.color.subText};
  background: ${theme.color.veil};
  z-index: 1;
`;
const JumpToUnread = styled.button`
  position: absolute;
  top: 8px;
  left: 50%;
  transform: translateX(-50%);
  z-index: 1;
  border: none;
  border-radius: 16px;
  padding: 4px 14px;
  background: ${theme.color.alert};
  color: ${theme.color.white};
  font-size: ${theme.font.sm};
  cursor: pointer;
  box-shadow: ${theme.shadow.floatingButton};
`;
/** A line across the list with a label: a day, or (`$unread`) where the unread messages start. */
const Divider = styled.div<{ $unread?: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  color: ${(p) => (p.$unread ? theme.color.alert : theme.color.subText)};
  font-size: ${theme.font.sm};
  margin: ${(p) => (p.$unread ? '4px 12px' : '8px 12px 2px')};
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${(p) => (p.$unread ? theme.color.alert : theme.color.border)}; }
`;
/** The message a search hit opened. */
const Focused = styled.div<{ $on: boolean }>`
  background: ${(p) => (p.$on ? theme.color.focusedMessage : 'transparent')};
  transition: background 1s;
`;
const Pins = styled.aside`
  border-bottom: 1px solid ${theme.color.border};
  max-height: 200px;
  overflow-y: auto;
  background: ${theme.color.pinned};
  padding: 4px 0;
`;

export interface ChannelPageProps {
  ownUserId: number;
  canModerate: boolean;
  token: string | null;
  /** The team leaders' chat (`/leader_teams/…`) rather than the members' (`/teams/…`). */
  leader: boolean;
}

/**
 * One channel. The channel and its newest messages are asked for together (the messages are what
 * a person waits for: one round trip, not two); a channel the user may not read is the 403 page
 * (a missing one the 404 page), and nothing else of it is drawn or asked for.
 */
export function ChannelPage(props: ChannelPageProps) {
  const channelId = Number(useParams().channelId);
  const [search] = useSearchParams();
  const startPage = Math.max(0, Number(search.get('page') ?? 0) || 0);
  const focusId = Number(search.get('message') ?? 0) || null;
  const location = useLocation();
  const info = useChat((s) => s.channelInfo[channelId]);
  const openChannel = useChat((s) => s.openChannel);
  const fetchHistory = useChat((s) => s.fetchHistory);
  const fetchAround = useChat((s) => s.fetchAround);
  // The router may have asked for both already, as the route matched (prefetchChannel).
  useEffect(() => {
    if (!takePrefetched(`channel:${channelId}`)) void openChannel(channelId);
  }, [channelId, openChannel]);
  useEffect(() => {
    if (focusId) {
      if (!takePrefetched(`around:${channelId}:${focusId}`)) void fetchAround(channelId, focusId);
    } else if (!takePrefetched(`history:${channelId}:${startPage}`)) void fetchHistory(channelId, startPage);
  }, [channelId, startPage, focusId, fetchHistory, fetchAround, location.key]);
  if (info?.error) return deniedPage(info.error) ?? <ErrorAlert error={info.error} />;
  if (!info?.data || info.data.id !== channelId) return <Muted>読み込み中…</Muted>;
  return <ChannelView {...props} channel={info.data} focusId={focusId} />;
}

/** How many of the newest messages the first paint of a channel draws (more than a tall screen holds). */
const FIRST_PAINT_MESSAGES = 15;

/**
 * The messages to draw: on opening a channel, first only the newest (what the reader sees,
 * scrolled to the bottom), the older ones of the page a frame later as a transition (React
 * yields to the browser while it draws them), so neither the first paint nor the reader's first
 * input waits for messages above the fold.
 */
function useNewestFirst(channelId: number, messages: Message[]): Message[] {
  const [whole, setWhole] = useState<number | null>(null);
  const loaded = messages.length > 0;
  useEffect(() => {
    if (!loaded) return;
    const frame = requestAnimationFrame(() => startTransition(() => setWhole(channelId)));
    return () => cancelAnimationFrame(frame);
  }, [channelId, loaded]);
  return whole === channelId ? messages : messages.slice(-FIRST_PAINT_MESSAGES);
}

/** Whether the page is on screen (a tab in the background is not), kept current. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** A message at the top of the list's view and how far below the view's top it starts. */
interface Place {
  id: string;
  offset: number;
}

function topOfView(list: HTMLElement): Place | null {
  const top = list.getBoundingClientRect().top;
  for (const node of list.querySelectorAll<HTMLElement>('[data-message-id]')) {
    const box = node.getBoundingClientRect();
    if (box.bottom > top) return { id: node.dataset.messageId!, offset: box.top - top };
  }
  return null;
}

/** Scrolls so that `place`'s message is where it was (older messages came in above it). */
function keepPlace(list: HTMLElement, place: Place): void {
  const node = list.querySelector(`[data-message-id="${place.id}"]`);
  if (node) list.scrollTop += node.getBoundingClientRect().top - list.getBoundingClientRect().top - place.offset;
}

/** The readable channel: history loaded upwards on scroll, the unread marker, live updates, pins and the composer. */
function ChannelView({ ownUserId, canModerate, token, leader, channel, focusId }: ChannelPageProps & { channel: Channel; focusId: number | null }) {
  const teamId = Number(useParams().teamId);
  const channelId = channel.id;
  const location = useLocation();
  const history = useChat((s) => s.histories[channelId]);
  const members = useChat((s) => s.members[channelId] ?? NO_MEMBERS);
  const pins = useChat((s) => s.pins[channelId] ?? NO_MESSAGES);
  const reactions = useChat((s) => s.reactions);
  const threadParents = useChat((s) => s.threadParents);
  const unread = useChat((s) => s.unread[channelId] ?? 0);
  const chat = useChat.getState;
  const [showPins, setShowPins] = useState(false);
  const [threadId, setThreadId] = useState<number | null>(null);
  const mobile = useIsMobile();
  const [editing, setEditing] = useState<Message | null>(null);
  const { confirm, dialog } = useConfirm();
  const list = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  /** The message at the top of the view before older ones were asked for: kept where it was. */
  const place = useRef<Place | null>(null);
  const visible = usePageVisible();

  useEffect(() => {
    chat().setViewing(channelId);
    // What surrounds the messages is asked for in a task of its own, not in the one that drew them.
    const around = setTimeout(() => {
      void chat().fetchMembers(channelId);
      void chat().fetchPresence(channelId);
      void chat().fetchPins(channelId);
      void chat().fetchReactions();
      void joinChannel(channelId);
    }, 0);
    stickToBottom.current = focusId === null;
    place.current = null;
    return () => {
      clearTimeout(around);
      chat().setViewing(null);
    };
  }, [channelId, chat, location.key, focusId]);

  const messages = history?.data ?? [];
  const lastId = messages.at(-1)?.id;
  const shown = useNewestFirst(channelId, messages);
  const unreadId = history?.unreadMessageId ?? null;
  const items = useMemo(() => timeline(shown, unreadId), [shown, unreadId]);

  // Reading what is on screen moves the read position forward (and the badge down); a tab in the
  // background reads nothing until it is looked at again.
  useEffect(() => {
    if (lastId && (unread > 0 || lastId > channel.lastReadMessageId) && visible) {
      void chat().markRead(channelId, lastId);
    }
  }, [lastId, unread, channelId, channel, chat, visible]);

  // The jump button shows while the first unread message is above the view (or not loaded yet),
  // until the reader has seen it once, with how many unread messages are still above the view.
  const [unreadSeen, setUnreadSeen] = useState<number | null>(null);
  const [unreadAbove, setUnreadAbove] = useState(false);
  // The oldest message that has reached the view since the channel opened (with this divider).
  const [oldestSeen, setOldestSeen] = useState<{ key: string; id: number } | null>(null);
  const seenKey = `${channelId}:${unreadId}`;
  const oldestSeenId = oldestSeen?.key === seenKey ? oldestSeen.id : null;
  const unreadAtOpen = useMemo(
    () => ({ firstId: unreadId, count: history?.unreadCount ?? 0, upToId: history?.unreadUpToId ?? null }),
    [unreadId, history?.unreadCount, history?.unreadUpToId],
  );
  const unseen = unseenUnread(unreadAtOpen, messages, ownUserId, oldestSeenId);
  // Older than every page loaded so far (a deleted one never comes: then there is nothing to jump to).
  const unreadOlder = unreadId !== null && messages.length > 0 && messages[0].id > unreadId && !!history?.hasMore;
  const checkUnread = useCallback(() => {
    const el = list.current;
    if (!el || unreadId === null) return setUnreadAbove(false);
    const marker = el.querySelector('[data-testid="unread-marker"]');
    const above = marker ? marker.getBoundingClientRect().bottom <= el.getBoundingClientRect().top : unreadOlder;
    if (marker && !above) setUnreadSeen(unreadId);
    setUnreadAbove(above);
    const top = topOfView(el);
    if (top) {
      const id = Number(top.id);
      setOldestSeen((seen) => (seen?.key === seenKey && seen.id <= id ? seen : { key: seenKey, id }));
    }
  }, [unreadId, unreadOlder, seenKey]);

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (stickToBottom.current) el.scrollTop = el.scrollHeight;
    else if (place.current) keepPlace(el, place.current);
    checkUnread();
  }, [items.length, checkUnread]);

  // A search hit opened here: scrolled to the middle of the view once it is drawn, highlighted.
  const focusShown = focusId !== null && shown.some((m) => m.id === focusId);
  useLayoutEffect(() => {
    if (!focusShown) return;
    list.current?.querySelector(`[data-message-id="${focusId}"]`)?.scrollIntoView({ block: 'center' });
  }, [focusShown, focusId]);

  const onScroll = useCallback(() => {
    const el = list.current;
    if (!el || !history) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 60;
    checkUnread();
    if (el.scrollTop < 40 && history.hasMore && !history.loading) {
      place.current = topOfView(el);
      void chat().fetchHistory(channelId, history.page + 1);
    }
  }, [history, channelId, chat, checkUnread]);

  /** Loads older pages until the first unread message is there, then scrolls it to the top of the view. */
  const jumpToUnread = async () => {
    const el = list.current;
    if (!el || unreadId === null) return;
    stickToBottom.current = false;
    for (let h = chat().histories[channelId]; h && h.hasMore && !h.error && (h.data[0]?.id ?? 0) > unreadId; ) {
      place.current = topOfView(el);
      await chat().fetchHistory(channelId, h.page + 1);
      const next = chat().histories[channelId];
      if (!next || next.page === h.page) break;
      h = next;
    }
    requestAnimationFrame(() => el.querySelector('[data-testid="unread-marker"]')?.scrollIntoView({ block: 'start' }));
  };

  const writable = channel.status === 'active';
  // Stable, so the memoised messages draw again only when they change.
  const remove = useCallback(
    (message: Message) =>
      void confirm({ title: 'このメッセージを削除しますか？', message: '削除したメッセージは元に戻せません。', testId: 'confirm-delete-message' }).then(
        (yes) => {
          if (yes) void chat().deleteMessage(channelId, message.id);
        },
      ),
    [confirm, chat, channelId],
  );
  const openThread = useCallback((message: Message) => setThreadId(message.id), []);

  // A message opened by its id that is not in the channel's stream is a reply (a notice of it): its thread opens beside.
  const focusLoaded = focusId !== null && !!history && !history.loading && history.data.length > 0;
  const focusInStream = focusId !== null && messages.some((m) => m.id === focusId);
  useEffect(() => {
    if (!focusLoaded || focusInStream) return;
    let live = true;
    void chat()
      .threadOf(channelId, focusId)
      .then((parentId) => {
        if (!live || parentId === null) return;
        setThreadId(parentId);
        requestAnimationFrame(() => list.current?.querySelector(`[data-message-id="${parentId}"]`)?.scrollIntoView({ block: 'center' }));
      });
    return () => {
      live = false;
    };
  }, [focusLoaded, focusInStream, focusId, channelId, chat]);

  const threadParent = threadId === null ? undefined : (messages.find((m) => m.id === threadId) ?? threadParents[threadId]);
  const thread = threadParent && (
    <ThreadPanel parent={threadParent} focusId={focusId} members={members} reactions={reactions} ownUserId={ownUserId} canModerate={canModerate} writable={writable} token={token} mobile={mobile} onClose={() => setThreadId(null)} onDelete={remove} />
  );
  // On a phone a thread is the whole page.
  if (thread && mobile) return <Frame>{thread}{dialog}</Frame>;

  return (
    <Frame>
      <Main>
        <Top>
          <h1>
            {channel.name}
            {displayType(channel).endsWith('Disabled') && '（利用停止中）'}
          </h1>
          <Tools>
            <Button type="button" $size="xsm" $minWidth={0} onClick={() => setShowPins(!showPins)} aria-expanded={showPins}>
              📌 ピン留め {pins.length}
            </Button>
            <Link to={href(chatRoutes(leader).detail, { teamId, channelId })}>詳細</Link>
            <MessageSearch leader={leader} />
          </Tools>
        </Top>
        {showPins && (
          <Pins data-testid="pinned-list">
            {pins.length === 0 && <p style={{ margin: '4px 12px' }}>ピン留めされたメッセージはありません</p>}
            {pins.map((message) => (
              <MessageItem key={message.id} message={message} members={members} reactions={reactions} ownUserId={ownUserId} canModerate={canModerate} writable={false} token={token} onEdit={setEditing} onDelete={remove} />
            ))}
          </Pins>
        )}
        <ListBox>
          {history?.loading && <Loading>読み込み中…</Loading>}
          {unreadAbove && unreadSeen !== unreadId && (
            <JumpToUnread type="button" data-testid="jump-to-unread" aria-label={jumpName(unseen)} onClick={() => void jumpToUnread()}>
              {jumpLabel(unseen)}
            </JumpToUnread>
          )}
          {/* Focusable so the history scrolls from the keyboard even where no message holds a control. */}
          <List ref={list} onScroll={onScroll} data-testid="message-list" tabIndex={0} role="region" aria-label="メッセージ">
            {history?.error && <p role="alert">{history.error.message}</p>}
            {items.map((item) => {
              if (item.kind === 'day') return <Divider key={item.key} role="separator" aria-label={item.label} data-testid="day-separator">{item.label}</Divider>;
              if (item.kind === 'unread') return <Divider key={item.key} $unread role="separator" aria-label="ここから未読" data-testid="unread-marker">ここから未読</Divider>;
              const { message } = item;
              return (
                <Focused key={item.key} $on={message.id === focusId} data-focused={message.id === focusId || undefined}>
                  <MessageItem message={message} members={members} reactions={reactions} ownUserId={ownUserId} canModerate={canModerate} writable={writable} token={token} onEdit={setEditing} onDelete={remove} onReply={openThread} />
                  <ThreadSummary message={message} onOpen={openThread} />
                </Focused>
              );
            })}
          </List>
        </ListBox>
        <Composer key={channelId} channelId={channelId} members={members} disabled={!writable} editing={editing} onEditDone={() => setEditing(null)} draftKey={draftKey(ownUserId, channelId)} />
        <TypingLine channelId={channelId} members={members} ownUserId={ownUserId} />
      </Main>
      {thread}
      {dialog}
    </Frame>
  );
}
