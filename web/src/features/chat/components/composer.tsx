import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { UploadList, useResumableUploads } from '@/components/resumable-uploader';
import { theme } from '@/theme/theme';
import { chatApi } from '../api';
import { loadDraft, saveDraft } from '../drafts';
import { sendTyping, typingSent } from '../live';
import { memberMatches } from '../mentions';
import type { Member, Message } from '../types';

const Box = styled.div`
  position: relative;
  border-top: 1px solid ${theme.color.border};
  padding: 8px 12px;
  background: ${theme.color.white};
  textarea {
    width: 100%;
    min-height: 60px;
    resize: vertical;
    font: inherit;
    padding: 8px;
    border: 1px solid ${theme.color.border};
    border-radius: 4px;
  }
`;
const Row = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  justify-content: space-between;
  margin-top: 6px;
`;
const Suggestions = styled.ul`
  position: absolute;
  bottom: 100%;
  left: 12px;
  margin: 0;
  padding: 4px 0;
  list-style: none;
  min-width: 220px;
  max-height: ${theme.size.dropdownMax}px;
  overflow-y: auto;
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: 6px;
  box-shadow: ${theme.shadow.floating};
  z-index: ${theme.layer.hover};
  li { padding: 4px 12px; cursor: pointer; }
  li[aria-selected='true'] { background: ${theme.color.brandTint}; }
`;
const newClientId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** The `@query` being typed right before the caret, if any. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@<>]*)$/.exec(before);
  return match ? { start: caret - match[2].length - 1, query: match[2] } : null;
}

interface Props {
  channelId: number;
  members: Member[];
  disabled: boolean;
  editing: Message | null;
  onEditDone: () => void;
  /** A thread's composer: what is sent replies to this message. */
  parentId?: number;
  /** Where the unsent text is kept between visits (`draftKey`); the composer is keyed by it. */
  draftKey?: string;
}

export function Composer({ channelId, members, disabled, editing, onEditDone, parentId, draftKey }: Props) {
  const listId = `mention-list-${channelId}-${parentId ?? 0}`;
  const [text, setText] = useState(() => (draftKey ? loadDraft(draftKey) : ''));
  const [caret, setCaret] = useState(0);
  const [selected, setSelected] = useState(0);
  // Attachments go as resumable uploads, like deliveries: progress, pause, resume after a drop.
  const uploads = useResumableUploads({ use: 'message', multiple: true });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  /** The draft last sent without an answer, and the client message id it went with. */
  const unsent = useRef<{ draft: string; id: string } | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);

  if (editing && editing.id !== editingId) {
    setEditingId(editing.id);
    setText(editing.body);
  }
  // The draft is what is being written, not a message being edited (the draft waits meanwhile).
  useEffect(() => {
    if (draftKey && editingId === null) saveDraft(draftKey, text);
  }, [draftKey, editingId, text]);
  const endEdit = () => {
    setEditingId(null);
    setText(draftKey ? loadDraft(draftKey) : '');
    onEditDone();
  };

  // Escape closes the candidates for the `@` being typed; the next keystroke in the text opens them again.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const mention = dismissed === text ? null : mentionQuery(text, caret);
  const suggestions = mention ? members.filter((m) => memberMatches(m, mention.query)).slice(0, 8) : [];

  const choose = (member: Member) => {
    if (!mention) return;
    const insert = `<@${member.id}> `;
    const next = text.slice(0, mention.start) + insert + text.slice(caret);
    setText(next);
    const position = mention.start + insert.length;
    setCaret(position);
    setSelected(0);
    requestAnimationFrame(() => area.current?.setSelectionRange(position, position));
  };

  const submit = async () => {
    const body = text.trim();
    const files = uploads.files.map((file) => file.id);
    if ((!body && files.length === 0) || sending) return;
    setSending(true);
    setError('');
    try {
      if (editingId) {
        await chatApi.edit(channelId, editingId, body);
        endEdit();
      } else {
        // A send whose answer never came (a node went away) may have been stored: sending the same
        // draft again reuses its id, which the server stores once (200 with the first message).
        const draft = JSON.stringify([channelId, parentId, body, files]);
        if (unsent.current?.draft !== draft) unsent.current = { draft, id: newClientId() };
        await chatApi.send(channelId, body, files, unsent.current.id, parentId);
        unsent.current = null;
        setText('');
        // Others cleared the line when the message came: the next keystroke tells them again.
        typingSent(channelId);
      }
      uploads.removeFinished();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'メッセージの送信に失敗しました');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setSelected((selected + 1) % suggestions.length);
        return;
      }
      if (event.key === 'ArrowUp') {
        event.preventDefault();
        setSelected((selected - 1 + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(suggestions[selected] ?? suggestions[0]);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(text);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    if (chosen.length > 0) uploads.start(chosen);
    event.target.value = '';
  };

  return (
    <Box>
      {suggestions.length > 0 && (
        <Suggestions role="listbox" id={listId} aria-label="メンション候補">
          {suggestions.map((member, index) => (
            <li key={member.id} id={`${listId}-${member.id}`} role="option" aria-selected={index === selected} onMouseDown={(e) => { e.preventDefault(); choose(member); }}>
              {member.userName}
            </li>
          ))}
        </Suggestions>
      )}
      <textarea
        ref={area}
        aria-label={parentId ? 'スレッドに返信' : 'メッセージを入力'}
        // While candidates show, the text area drives them (arrow keys, Enter or Tab, Escape).
        aria-autocomplete="list"
        aria-controls={suggestions.length > 0 ? listId : undefined}
        aria-activedescendant={suggestions.length > 0 ? `${listId}-${(suggestions[selected] ?? suggestions[0]).id}` : undefined}
        placeholder={disabled ? 'このチャンネルには投稿できません' : 'メッセージを入力（@ でメンション、Shift+Enter で改行）'}
        disabled={disabled}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // Others in the channel see 「…さんが入力中…」 (not while editing a sent message).
          if (e.target.value && !editingId) sendTyping(channelId);
          setCaret(e.target.selectionStart);
          setSelected(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      <UploadList uploads={uploads} compact />
      {error && <p role="alert">{error}</p>}
      <Row>
        <label style={{ cursor: 'pointer' }}>
          📎 ファイルを添付
          <input type="file" multiple hidden disabled={disabled || !!editingId} onChange={attach} />
        </label>
        <div style={{ display: 'flex', gap: 8 }}>
          {editingId && (
            <Button type="button" $size="sm" $minWidth={80} onClick={endEdit}>
              キャンセル
            </Button>
          )}
          <Button type="button" $variant="primary" $size="sm" $minWidth={80} disabled={disabled || sending} onClick={() => void submit()}>
            {editingId ? '更新' : parentId ? '返信' : '送信'}
          </Button>
        </div>
      </Row>
    </Box>
  );
}
