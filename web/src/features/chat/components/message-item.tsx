import { memo, useState } from 'react';
import styled from 'styled-components';
import { settle } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { theme } from '@/theme/theme';
import { chatApi } from '../api';
import type { Member, Message, Reaction } from '../types';
import { FileAttachment } from './file-attachment';
import { MessageBody } from './message-body';
import { AvatarDot } from '@/components/presence-dot';

export { FileAttachment };

const Row = styled.article`
  position: relative;
  display: flex;
  gap: 10px;
  padding: 8px 12px;
  &:hover { background: ${theme.color.rowHover}; }
  &:hover .actions { display: flex; }
`;
const Avatar = styled.div`
  position: relative;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: ${theme.color.writer};
  color: ${theme.color.white};
  display: flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
`;
const Head = styled.div`
  display: flex;
  gap: 8px;
  align-items: baseline;
  small { color: ${theme.color.subText}; }
`;
const Actions = styled.div`
  display: none;
  position: absolute;
  right: 12px;
  top: -10px;
  gap: 4px;
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: 5px;
  padding: 2px;
  button { border: none; background: none; cursor: pointer; padding: 2px 6px; font-size: ${theme.font.sm}; }
`;
const Chips = styled.div`
  display: flex;
  gap: 4px;
  flex-wrap: wrap;
  margin-top: 4px;
`;
const Chip = styled.button<{ $mine: boolean }>`
  display: inline-flex;
  gap: 4px;
  align-items: center;
  border: 1px solid ${(p) => (p.$mine ? theme.color.brand : theme.color.border)};
  background: ${(p) => (p.$mine ? theme.color.brandTint : theme.color.white)};
  border-radius: 12px;
  padding: 0 8px;
  font-size: ${theme.font.sm};
  cursor: pointer;
  img { width: 16px; height: 16px; }
`;
const Picker = styled.div`
  position: absolute;
  right: 12px;
  top: 20px;
  z-index: ${theme.layer.hover};
  display: flex;
  gap: 4px;
  padding: 6px;
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: 6px;
  box-shadow: ${theme.shadow.floating};
  button { border: none; background: none; cursor: pointer; img { width: 24px; height: 24px; } }
`;
export interface MessageItemProps {
  message: Message;
  members: Member[];
  reactions: Reaction[];
  ownUserId: number;
  canModerate: boolean;
  writable: boolean;
  token: string | null;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
  /** Opens the message's thread (top-level messages in the channel stream). */
  onReply?: (message: Message) => void;
}

/**
 * One message with its files, reactions and actions. Writes cause no local change: pushes update
 * the list. Memoised: a channel draws a page of them, and what arrives after the messages
 * (members, reactions, presence, pins) must not draw every one again; callers pass stable callbacks.
 */
export const MessageItem = memo(function MessageItem({ message, members, reactions, ownUserId, canModerate, writable, token, onEdit, onDelete, onReply }: MessageItemProps) {
  const [picking, setPicking] = useState(false);
  const own = message.user.id === ownUserId;
  const toggleReaction = (reactionId: number, mine: boolean) =>
    settle(mine ? chatApi.unreact(message.channelId, message.id, reactionId) : chatApi.react(message.channelId, message.id, reactionId));
  const togglePin = () => settle(message.isPinned ? chatApi.unpin(message.channelId, message.id) : chatApi.pin(message.channelId, message.id));

  return (
    <Row data-testid="message" data-message-id={message.id}>
      <Avatar>
        <span aria-hidden>{message.user.userName.slice(0, 1)}</span>
        <AvatarDot userId={message.user.id} />
      </Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Head>
          <strong>{message.user.userName}</strong>
          <small>{formatDateTime(message.createdAt)}</small>
          {message.updatedAt !== message.createdAt && <small>（編集済み）</small>}
          {message.isPinned && <small aria-label="ピン留め中">📌</small>}
        </Head>
        <MessageBody body={message.body} members={members} />
        {message.files.map((file) => (
          <FileAttachment key={file.id} file={file} token={token} />
        ))}
        {message.reactions.length > 0 && (
          <Chips>
            {message.reactions.map((r) => {
              const mine = r.userIds.includes(ownUserId);
              return (
                <Chip key={r.reactionId} $mine={mine} data-testid="reaction-chip" aria-label={`${r.name} ${r.count}`} disabled={!writable} onClick={() => toggleReaction(r.reactionId, mine)}>
                  <img src={r.path} alt="" />
                  {r.count}
                </Chip>
              );
            })}
          </Chips>
        )}
      </div>
      {writable && (
        <Actions className="actions">
          <button type="button" onClick={() => setPicking(!picking)}>リアクション</button>
          {onReply && <button type="button" onClick={() => onReply(message)}>スレッドで返信</button>}
          <button type="button" onClick={togglePin}>
            {message.isPinned ? 'ピン留めを外す' : 'ピン留め'}
          </button>
          {own && <button type="button" onClick={() => onEdit(message)}>編集</button>}
          {(own || canModerate) && <button type="button" onClick={() => onDelete(message)}>削除</button>}
        </Actions>
      )}
      {picking && (
        <Picker role="menu" aria-label="リアクションを選択">
          {reactions.map((reaction) => (
            <button
              key={reaction.id}
              type="button"
              aria-label={reaction.name}
              onClick={() => {
                setPicking(false);
                void settle(chatApi.react(message.channelId, message.id, reaction.id));
              }}
            >
              <img src={reaction.path} alt="" />
            </button>
          ))}
        </Picker>
      )}
    </Row>
  );
});
