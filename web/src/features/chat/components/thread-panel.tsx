import { memo, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { theme } from '@/theme/theme';
import { draftKey } from '../drafts';
import { NO_MESSAGES, useChat } from '../store';
import type { Message } from '../types';
import { Composer } from './composer';
import { MessageItem, type MessageItemProps } from './message-item';

const Panel = styled.aside<{ $mobile: boolean }>`
  display: flex;
  flex-direction: column;
  min-height: 0;
  ${(p) => (p.$mobile ? 'flex: 1;' : `width: 360px; flex-shrink: 0; border-left: 1px solid ${theme.color.border};`)}
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 10px 12px;
  border-bottom: 1px solid ${theme.color.border};
  h2 { font-size: ${theme.font.md}; margin: 0; }
`;
const Replies = styled.div`
  flex: 1;
  overflow-y: auto;
`;
const Count = styled.p`
  margin: 4px 12px;
  color: ${theme.color.subText};
  font-size: ${theme.font.sm};
  display: flex;
  gap: 8px;
  align-items: center;
  &::after { content: ''; flex: 1; border-top: 1px solid ${theme.color.border}; }
`;
const SummaryButton = styled.button`
  border: none;
  background: none;
  color: ${theme.color.brand};
  cursor: pointer;
  font-size: ${theme.font.sm};
  padding: 0 12px 6px 58px;
`;

/** Under a message with replies: their count and last repliers (kept live); opens the thread. */
export const ThreadSummary = memo(function ThreadSummary({ message, onOpen }: { message: Message; onOpen: (message: Message) => void }) {
  if (message.replyCount === 0) return null;
  return (
    <SummaryButton type="button" data-testid="thread-summary" onClick={() => onOpen(message)}>
      {`💬 ${message.replyCount}件の返信（${message.lastRepliers.map((r) => r.userName).join('、')}）`}
    </SummaryButton>
  );
});

/** What each message of the thread is drawn with, passed through to `MessageItem`. */
type ItemProps = Pick<MessageItemProps, 'members' | 'reactions' | 'ownUserId' | 'canModerate' | 'writable' | 'token' | 'onDelete'>;

interface Props extends ItemProps {
  parent: Message;
  /** A reply opened by its id (a notice of it): highlighted. */
  focusId?: number | null;
  mobile: boolean;
  onClose: () => void;
}

/** Replies are not edited in the panel (read-only items). */
const NOT_EDITABLE = () => {};

/** A thread: the parent and its replies, live, with a composer that replies. Beside the channel on a desktop, the whole page on a phone. */
export function ThreadPanel({ parent, focusId, members, reactions, ownUserId, canModerate, writable, token, mobile, onClose, onDelete }: Props) {
  const fetchReplies = useChat((s) => s.fetchReplies);
  const thread = useChat((s) => s.threads[parent.id]);
  const replies = thread?.data ?? NO_MESSAGES;
  useEffect(() => {
    void fetchReplies(parent.channelId, parent.id);
  }, [parent.channelId, parent.id, fetchReplies]);
  const list = useRef<HTMLDivElement>(null);
  const focusShown = !!focusId && replies.some((r) => r.id === focusId);
  useEffect(() => {
    if (focusShown) list.current?.querySelector('[data-focused]')?.scrollIntoView({ block: 'center' });
  }, [focusShown]);
  const item = (message: Message) => (
    <div key={message.id} data-focused={message.id === focusId || undefined} style={message.id === focusId ? { background: theme.color.focusedMessage } : undefined}>
      <MessageItem message={message} members={members} reactions={reactions} ownUserId={ownUserId} canModerate={canModerate} writable={false} token={token} onEdit={NOT_EDITABLE} onDelete={onDelete} />
    </div>
  );
  return (
    <Panel $mobile={mobile} aria-label="スレッド" data-testid="thread-panel">
      <Head>
        <h2>スレッド</h2>
        <Button type="button" $size="xsm" $minWidth={0} onClick={onClose}>
          {mobile ? '← チャンネルへ戻る' : '閉じる'}
        </Button>
      </Head>
      <Replies ref={list} tabIndex={0} role="region" aria-label="返信">
        {item(parent)}
        <Count data-testid="thread-count">{parent.replyCount}件の返信</Count>
        {thread?.error && <p role="alert">{thread.error.message}</p>}
        {replies.map(item)}
      </Replies>
      <Composer key={parent.id} channelId={parent.channelId} members={members} disabled={!writable} editing={null} onEditDone={() => {}} parentId={parent.id} draftKey={draftKey(ownUserId, parent.channelId, parent.id)} />
    </Panel>
  );
}
