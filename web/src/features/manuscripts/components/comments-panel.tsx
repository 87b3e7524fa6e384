/**
 * The manuscript's comments beside the editor (issue 44, 校正): select text, press 「コメント」,
 * write; the threads with their quote, author, time, body and replies, 「解決」 and 「再開」,
 * resolved ones folded away; live from the room's `manuscript_comment.changed` (the list is
 * read again: what the reader may do is the server's answer). Anyone who may open the
 * manuscript comments, whatever their permission.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { TextArea } from '@/components/text-field';
import { formatDateTime } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { theme } from '@/theme/theme';
import { COMMENT_BODY_MAX, type CommentsSource, quoteOf, threadsOf } from '../comments';
import type { CommentThread, ManuscriptComment } from '../types';
import { selectionAnchor, showHighlights, threadAtCursor, type HighlightAnchor } from './comment-highlights';

/** A new thread's place, taken from the selection when 「コメント」 is pressed. */
export interface DraftAnchor {
  start: string;
  end: string;
  text: string;
}

export interface CommentsPanelProps {
  source: CommentsSource;
  /** Whether text is selected (the 「コメント」 button works only then). */
  hasSelection: boolean;
  /** The selection as a new thread's anchor. */
  takeSelection: () => DraftAnchor | null;
  /** The open threads' anchors and the active thread, for the editor's highlights. */
  onHighlights?: (anchors: HighlightAnchor[], active: number | null) => void;
  /** The thread under the editor's cursor. */
  cursorThread?: number | null;
}

const Section = styled.section`
  margin-top: 16px;
  font-size: ${theme.font.md};
  h3 { font-size: ${theme.font.lg}; margin: 0; }
`;
const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;
`;
const Threads = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;
const Card = styled.li`
  border: 1px solid ${theme.color.border};
  border-radius: 4px;
  padding: 8px;
  background: ${theme.color.white};
  &[aria-current='true'] { border-color: ${theme.color.brand}; box-shadow: 0 0 0 1px ${theme.color.brand}; }
`;
const Quote = styled.blockquote`
  margin: 0 0 6px;
  padding-left: 8px;
  border-left: 3px solid ${theme.color.commentMark};
  color: ${theme.color.subText};
  font-size: ${theme.font.sm};
  overflow-wrap: anywhere;
`;
const One = styled.div`
  & + & { margin-top: 6px; padding-top: 6px; border-top: 1px dashed ${theme.color.border}; }
  p { margin: 2px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
`;
const Byline = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: baseline;
  font-size: ${theme.font.sm};
  color: ${theme.color.subText};
  strong { color: ${theme.color.text}; }
`;
const Actions = styled.div`
  display: flex;
  gap: 6px;
  justify-content: flex-end;
  flex-wrap: wrap;
  margin-top: 6px;
  > div { flex: 1 1 100%; margin: 0; }
`;
const Link = styled.button`
  border: none;
  background: none;
  padding: 0;
  color: ${theme.color.info};
  font-size: ${theme.font.sm};
  cursor: pointer;
  margin-left: auto;
`;
const Folded = styled.details`
  margin-top: 12px;
  summary { cursor: pointer; color: ${theme.color.subText}; margin-bottom: 8px; }
`;

function CommentLine({ comment, onDelete }: { comment: ManuscriptComment; onDelete: (id: number) => void }) {
  return (
    <One data-testid="manuscript-comment">
      <Byline>
        <strong>{comment.authorName}</strong>
        <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
        {comment.canDelete && (
          <Link type="button" onClick={() => onDelete(comment.id)}>
            削除
          </Link>
        )}
      </Byline>
      <p>{comment.body}</p>
    </One>
  );
}

interface ThreadProps {
  thread: CommentThread;
  active: boolean;
  busy: boolean;
  onActivate: (id: number) => void;
  onReply: (rootId: number, body: string) => Promise<boolean>;
  onResolve: (id: number, resolved: boolean) => void;
  onDelete: (id: number) => void;
}

function Thread({ thread, active, busy, onActivate, onReply, onResolve, onDelete }: ThreadProps) {
  const { root, replies } = thread;
  const [reply, setReply] = useState('');
  const resolved = Boolean(root.resolvedAt);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return;
    if (await onReply(root.id, reply)) setReply('');
  };
  return (
    <Card data-testid="manuscript-comment-thread" data-comment-id={root.id} aria-current={active} onClick={() => onActivate(root.id)}>
      {root.quote && <Quote>{root.quote}</Quote>}
      <CommentLine comment={root} onDelete={onDelete} />
      {replies.map((one) => (
        <CommentLine key={one.id} comment={one} onDelete={onDelete} />
      ))}
      {resolved && root.resolvedByName && (
        <Muted>
          <small>{root.resolvedByName}さんが解決しました</small>
        </Muted>
      )}
      <form onSubmit={send}>
        <Actions>
          {!resolved && (
            <TextArea
              label="返信"
              hideLabel
              rows={2}
              placeholder="返信を書く"
              value={reply}
              maxLength={COMMENT_BODY_MAX}
              onChange={(e) => setReply(e.target.value)}
              data-testid="manuscript-comment-reply-body"
            />
          )}
          {!resolved && (
            <Button type="submit" $size="xsm" disabled={busy || !reply.trim()} data-testid="manuscript-comment-reply">
              返信
            </Button>
          )}
          <Button type="button" $size="xsm" $variant={resolved ? 'default' : 'primary'} $outlined disabled={busy} onClick={() => onResolve(root.id, !resolved)} data-testid={resolved ? 'manuscript-comment-reopen' : 'manuscript-comment-resolve'}>
            {resolved ? '再開' : '解決'}
          </Button>
        </Actions>
      </form>
    </Card>
  );
}

export function CommentsPanel({ source, hasSelection, takeSelection, onHighlights, cursorThread = null }: CommentsPanelProps) {
  const [comments, setComments] = useState<ManuscriptComment[] | null>(null);
  const [draft, setDraft] = useState<DraftAnchor | null>(null);
  const [body, setBody] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const load = useSubmit(() => source.list(), 'コメントを読み込めませんでした');
  const act = useSubmit((action: () => Promise<unknown>) => action(), 'コメントを保存できませんでした');
  const { run: runLoad } = load;
  const generation = useRef(0);

  // Only the newest answer is kept (a reload after a push may overtake an older one).
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    const list = await runLoad();
    if (list && mine === generation.current) setComments(list);
  }, [runLoad]);

  useEffect(() => {
    void reload();
    return source.onChanged(() => void reload());
  }, [source, reload]);

  const threads = useMemo(() => threadsOf(comments ?? []), [comments]);
  const open = threads.filter((thread) => !thread.root.resolvedAt);
  const resolved = threads.filter((thread) => thread.root.resolvedAt);
  const active = cursorThread ?? picked;

  useEffect(() => {
    const anchors = open.flatMap(({ root }) => (root.anchor ? [{ id: root.id, start: root.anchor.start, end: root.anchor.end }] : []));
    onHighlights?.(anchors, active);
    // `open` is derived from `threads`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [threads, active, onHighlights]);

  const perform = async (action: () => Promise<unknown>) => {
    const answer = await act.run(action);
    await reload();
    return answer !== null;
  };

  const start = () => {
    const anchor = takeSelection();
    if (anchor) {
      setDraft(anchor);
      act.reset();
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !body.trim()) return;
    const ok = await perform(() => source.create({ body, anchorStart: draft.start, anchorEnd: draft.end, quote: quoteOf(draft.text) }));
    if (ok) {
      setDraft(null);
      setBody('');
    }
  };

  const threadView = (thread: CommentThread) => (
    <Thread
      key={thread.root.id}
      thread={thread}
      active={thread.root.id === active && !thread.root.resolvedAt}
      busy={act.loading}
      onActivate={setPicked}
      onReply={(rootId, text) => perform(() => source.create({ body: text, parentId: rootId }))}
      onResolve={(id, done) => void perform(() => (done ? source.resolve(id) : source.reopen(id)))}
      onDelete={(id) => void perform(() => source.remove(id))}
    />
  );

  return (
    <Section aria-label="コメント" data-testid="manuscript-comments">
      <Head>
        <h3>コメント</h3>
        <Button type="button" $size="sm" $variant="primary" disabled={!hasSelection} onMouseDown={(e) => e.preventDefault()} onClick={start} data-testid="manuscript-comment-start">
          コメント
        </Button>
      </Head>
      {draft && (
        <form onSubmit={submit} data-testid="manuscript-comment-form">
          <Quote>{quoteOf(draft.text)}</Quote>
          <TextArea
            label="コメント"
            hideLabel
            rows={3}
            placeholder="選択した箇所へのコメント"
            value={body}
            maxLength={COMMENT_BODY_MAX}
            onChange={(e) => setBody(e.target.value)}
            autoFocus
            data-testid="manuscript-comment-body"
          />
          <Actions>
            <Button type="button" $size="sm" onClick={() => setDraft(null)}>
              やめる
            </Button>
            <Button type="submit" $size="sm" $variant="primary" disabled={act.loading || !body.trim()} data-testid="manuscript-comment-submit">
              送信
            </Button>
          </Actions>
        </form>
      )}
      <ErrorAlert error={act.error ?? load.error} />
      {comments && threads.length === 0 && !draft && <Muted>本文を選択して「コメント」を押すと、その箇所にコメントできます。</Muted>}
      <Threads data-testid="manuscript-comment-threads">
        {open.map(threadView)}
      </Threads>
      {resolved.length > 0 && (
        <Folded data-testid="manuscript-comment-resolved">
          <summary>解決済み（{resolved.length}件）</summary>
          <Threads>
            {resolved.map(threadView)}
          </Threads>
        </Folded>
      )}
    </Section>
  );
}

/** The panel bound to a live editor: its selection, its highlights and the thread under its cursor. */
export function EditorCommentsPanel({ editor, source }: { editor: Editor; source: CommentsSource }) {
  const { hasSelection, cursorThread } = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      hasSelection: !e.state.selection.empty && e.state.doc.textBetween(e.state.selection.from, e.state.selection.to, ' ').trim() !== '',
      cursorThread: threadAtCursor(e.state),
    }),
  });
  const takeSelection = useCallback(() => selectionAnchor(editor), [editor]);
  const onHighlights = useCallback((anchors: HighlightAnchor[], active: number | null) => showHighlights(editor, anchors, active), [editor]);
  return <CommentsPanel source={source} hasSelection={hasSelection} takeSelection={takeSelection} onHighlights={onHighlights} cursorThread={cursorThread} />;
}
