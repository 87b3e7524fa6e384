import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { deniedPage } from '@/components/status-page';
import { useIsMobile } from '@/lib/device';
import { theme } from '@/theme/theme';
import { joinChannel } from '../live';
import { NO_MEMBERS, NO_MESSAGES, takePrefetched, useChat } from '../store';
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
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.08);
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
const List = styled.div`
  flex: 1;
  overflow-y: auto;
`;
const UnreadMarker = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  color: ${theme.color.alert};
  font-size: ${theme.font.sm};
  margin: 4px 12px;
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${theme.color.alert}; }
`;
/** The message a search hit opened. */
const Focused = styled.div<{ $on: boolean }>`
  background: ${(p) => (p.$on ? '#fff7d6' : 'transparent')};
  transition: background 1s;
`;
const Pins = styled.aside`
  border-bottom: 1px solid ${theme.color.border};
  max-height: 200px;
  overflow-y: auto;
  background: #fffbea;
  padding: 4px 0;
`;

export interface ChannelPageProps {
  ownUserId: number;
  canModerate: boolean;
  token: string | null;
  /** `/teams` or `/leader_teams`. */
  base: string;
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
 * scrolled to the bottom), the older ones of the page a frame later, so the first paint does not
 * wait for messages above the fold to be laid out.
 */
function useNewestFirst(channelId: number, messages: Message[]): Message[] {
  const [whole, setWhole] = useState<number | null>(null);
  const loaded = messages.length > 0;
  useEffect(() => {
    if (!loaded) return;
    const frame = requestAnimationFrame(() => setWhole(channelId));
    return () => cancelAnimationFrame(frame);
  }, [channelId, loaded]);
  return whole === channelId ? messages : messages.slice(-FIRST_PAINT_MESSAGES);
}

/** The readable channel: history loaded upwards on scroll, the unread marker, live updates, pins and the composer. */
function ChannelView({ ownUserId, canModerate, token, base, channel, focusId }: ChannelPageProps & { channel: Channel; focusId: number | null }) {
  const { teamId } = useParams();
  const channelId = channel.id;
  const location = useLocation();
  const history = useChat((s) => s.histories[channelId]);
  const members = useChat((s) => s.members[channelId] ?? NO_MEMBERS);
  const pins = useChat((s) => s.pins[channelId] ?? NO_MESSAGES);
  const reactions = useChat((s) => s.reactions);
  const unread = useChat((s) => s.unread[channelId] ?? 0);
  const chat = useChat.getState;
  const [showPins, setShowPins] = useState(false);
  const [threadId, setThreadId] = useState<number | null>(null);
  const mobile = useIsMobile();
  const [editing, setEditing] = useState<Message | null>(null);
  const { confirm, dialog } = useConfirm();
  const list = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const previousHeight = useRef(0);

  useEffect(() => {
    chat().setViewing(channelId);
    void chat().fetchMembers(channelId);
    void chat().fetchPresence(channelId);
    void chat().fetchPins(channelId);
    void chat().fetchReactions();
    void joinChannel(channelId);
    stickToBottom.current = focusId === null;
    return () => chat().setViewing(null);
  }, [channelId, chat, location.key, focusId]);

  const messages = history?.data ?? [];
  const lastId = messages.at(-1)?.id;
  const shown = useNewestFirst(channelId, messages);

  // Reading what is on screen moves the read position forward (and the badge down).
  useEffect(() => {
    if (lastId && (unread > 0 || lastId > channel.lastReadMessageId) && document.visibilityState === 'visible') {
      void chat().markRead(channelId, lastId);
    }
  }, [lastId, unread, channelId, channel, chat]);

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    } else if (previousHeight.current && el.scrollHeight > previousHeight.current && el.scrollTop < 40) {
      // Older messages were prepended: keep the same message in view.
      el.scrollTop = el.scrollHeight - previousHeight.current;
    }
    previousHeight.current = el.scrollHeight;
  }, [shown.length]);

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
    if (el.scrollTop < 40 && history.hasMore && !history.loading) {
      previousHeight.current = el.scrollHeight;
      void chat().fetchHistory(channelId, history.page + 1);
    }
  }, [history, channelId, chat]);

  const writable = channel.status === 'active';
  const remove = (message: Message) =>
    void confirm({ title: 'このメッセージを削除しますか？', message: '削除したメッセージは元に戻せません。', testId: 'confirm-delete-message' }).then(
      (yes) => {
        if (yes) void chat().deleteMessage(channelId, message.id);
      },
    );

  const threadParent = threadId === null ? undefined : messages.find((m) => m.id === threadId);
  const thread = threadParent && (
    <ThreadPanel parent={threadParent} members={members} reactions={reactions} ownUserId={ownUserId} canModerate={canModerate} writable={writable} token={token} mobile={mobile} onClose={() => setThreadId(null)} onDelete={remove} />
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
            <Link to={`${base}/${teamId}/channels/${channelId}/detail`}>詳細</Link>
            <MessageSearch base={base} />
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
        {/* Focusable so the history scrolls from the keyboard even where no message holds a control. */}
        <List ref={list} onScroll={onScroll} data-testid="message-list" tabIndex={0} role="region" aria-label="メッセージ">
          {history?.loading && <p style={{ textAlign: 'center', color: theme.color.subText }}>読み込み中…</p>}
          {history?.error && <p role="alert">{history.error.message}</p>}
          {shown.map((message) => (
            <Fragment key={message.id}>
              {message.id === history?.unreadMessageId && <UnreadMarker data-testid="unread-marker">ここから未読</UnreadMarker>}
              <Focused $on={message.id === focusId} data-focused={message.id === focusId || undefined}>
                <MessageItem message={message} members={members} reactions={reactions} ownUserId={ownUserId} canModerate={canModerate} writable={writable} token={token} onEdit={setEditing} onDelete={remove} onReply={(m) => setThreadId(m.id)} />
                <ThreadSummary message={message} onOpen={() => setThreadId(message.id)} />
              </Focused>
            </Fragment>
          ))}
        </List>
        <Composer channelId={channelId} members={members} disabled={!writable} editing={editing} onEditDone={() => setEditing(null)} />
        <TypingLine channelId={channelId} members={members} ownUserId={ownUserId} />
      </Main>
      {thread}
      {dialog}
    </Frame>
  );
}
