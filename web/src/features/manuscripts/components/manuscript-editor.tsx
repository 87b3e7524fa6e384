/**
 * The manuscript editor (issue 44): TipTap over the manuscript's Yjs document, kept in sync by
 * the provider over the product socket; carets of the others with their names; the live 文字数.
 * A lazy chunk of its own (TipTap, ProseMirror and Yjs), loaded only by the editor routes
 * (docs/decisions/web-asset-delivery.md).
 */
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import styled from 'styled-components';
import * as Y from 'yjs';
import { ErrorAlert } from '@/components/error-alert';
import { AppError } from '@/lib/errors';
import { caretPalette, theme } from '@/theme/theme';
import { blocksOf, countDoc, type Counts } from '../count';
import { socketTransport } from '../live';
import { ManuscriptProvider, type ManuscriptTransport, type ProviderState } from '../provider';
import { restoreState } from '../restore';
import { mayWrite, PERMISSION_LABEL, type EditorHandle, type Permission } from '../types';
import { commentsSource, type CommentsSource } from '../comments';
import { CommentHighlights } from './comment-highlights';
import { EditorCommentsPanel } from './comments-panel';
import { Suggestions } from '../suggestions';
import { CountPanel, StatusLine } from './count-panel';
import { ImageButton } from './image-button';
import { ManuscriptImage } from './manuscript-image';
import { Bar, Tool } from './toolbar-parts';
import { SuggestionsPanel, suggestionMarkStyles, useSuggesting } from './suggestions-panel';

export interface EditorUser {
  id: number;
  name: string;
}

export interface ManuscriptEditorProps {
  manuscriptId: number;
  /** The effective permission known before joining (REST or the link); the hub's answer wins. */
  permission: Permission;
  user: EditorUser;
  /** An editor link's token (the hub narrows to the link's permission). */
  token?: string;
  /** Tests give a fake hub; the app uses the product socket. */
  transport?: ManuscriptTransport;
  /** Called with every new count (the versions panel shows the live one). */
  onCounts?: (counts: Counts) => void;
  /** Called with the editor's handle once it is ready, and with null when it goes (the version comparison and restore use it). */
  onHandle?: (handle: EditorHandle | null) => void;
  /** Where the comments come from; the server (through the link's token) unless a test gives its own. */
  comments?: CommentsSource;
}

/** A caret colour chosen by user id: the same person keeps theirs. */
export const caretColor = (userId: number): string => caretPalette[Math.abs(userId) % caretPalette.length];

const Layout = styled.div`
  margin-bottom: 24px;
  display: grid;
  grid-template-columns: minmax(0, 1fr) 260px;
  gap: 24px;
  align-items: start;
  ${theme.media.phone} { grid-template-columns: minmax(0, 1fr); }
`;
const Sheet = styled.div`
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: 4px;
  .tiptap {
    min-height: 50vh;
    padding: 16px 20px;
    outline: none;
    line-height: 1.8;
    font-size: ${theme.font.lg};
    overflow-wrap: anywhere;
  }
  .tiptap:focus-visible { box-shadow: inset 0 0 0 2px ${theme.color.info}; }
  .tiptap h1 { font-size: 1.6em; }
  .tiptap h2 { font-size: 1.35em; }
  .tiptap h3 { font-size: 1.15em; }
  .tiptap blockquote { border-left: 4px solid ${theme.color.border}; margin: 8px 0; padding-left: 12px; color: ${theme.color.subText}; }
  .tiptap img { max-width: 100%; }
  .tiptap a { color: ${theme.color.info}; }
  .manuscript-comment { background: ${theme.color.comment}; border-bottom: 2px solid ${theme.color.commentMark}; }
  .manuscript-comment--active { background: ${theme.color.commentActive}; }
  .tiptap { ${suggestionMarkStyles} }
  .collaboration-carets__caret {
    position: relative;
    margin-left: -1px;
    margin-right: -1px;
    border-left: 1px solid;
    border-right: 1px solid;
    word-break: normal;
    pointer-events: none;
  }
  .collaboration-carets__label {
    position: absolute;
    top: -1.4em;
    left: -1px;
    padding: 0 4px;
    border-radius: 3px 3px 3px 0;
    color: ${theme.color.white};
    font-size: ${theme.font.sm};
    font-weight: ${theme.font.bold};
    line-height: normal;
    white-space: nowrap;
    user-select: none;
  }
`;
const LinkForm = styled.form`
  display: flex;
  gap: 4px;
  flex: 1 1 100%;
  input { flex: 1; min-width: 0; height: 32px; padding: 0 8px; border: 1px solid ${theme.color.border}; border-radius: 4px; }
`;
const Meta = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  margin-bottom: 8px;
  font-size: ${theme.font.sm};
  color: ${theme.color.subText};
`;

/** The formatting tools, and `extra` (the image button) after them. */
function Toolbar({ editor, extra }: { editor: Editor; extra: ReactNode }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  // The link's address is asked for in the toolbar itself (no browser prompt).
  const [linking, setLinking] = useState<string | null>(null);
  const toggleLink = () => {
    if (active.link) chain().extendMarkRange('link').unsetLink().run();
    else setLinking('https://');
  };
  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    const href = linking?.trim() ?? '';
    if (/^https?:\/\/\S+$/.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
    setLinking(null);
  };
  const tools: { key: keyof typeof active; label: string; title: string; run: () => void }[] = [
    { key: 'h1', label: '見出し1', title: '大見出し', run: () => chain().toggleHeading({ level: 1 }).run() },
    { key: 'h2', label: '見出し2', title: '中見出し', run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: '見出し3', title: '小見出し', run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bold', label: '太字', title: '太字', run: () => chain().toggleBold().run() },
    { key: 'italic', label: '斜体', title: '斜体', run: () => chain().toggleItalic().run() },
    { key: 'bulletList', label: '箇条書き', title: '箇条書き', run: () => chain().toggleBulletList().run() },
    { key: 'orderedList', label: '番号付き', title: '番号付きリスト', run: () => chain().toggleOrderedList().run() },
    { key: 'blockquote', label: '引用', title: '引用', run: () => chain().toggleBlockquote().run() },
    { key: 'link', label: 'リンク', title: 'リンク', run: toggleLink },
  ];
  return (
    <Bar role="toolbar" aria-label="書式">
      {tools.map((tool) => (
        <Tool key={tool.key} type="button" title={tool.title} aria-pressed={active[tool.key]} onMouseDown={(e) => e.preventDefault()} onClick={tool.run}>
          {tool.label}
        </Tool>
      ))}
      {extra}
      {linking !== null && (
        <LinkForm onSubmit={applyLink}>
          <input type="url" aria-label="リンク先のURL" value={linking} onChange={(e) => setLinking(e.target.value)} autoFocus />
          <Tool type="submit">設定</Tool>
          <Tool type="button" onClick={() => setLinking(null)}>
            やめる
          </Tool>
        </LinkForm>
      )}
    </Bar>
  );
}

/** One document and its provider per manuscript, made when mounted and ended with it (the provider is the external system the effect follows). */
function useProvider(manuscriptId: number, token: string | undefined, transport: ManuscriptTransport) {
  const [joined, setJoined] = useState<{ provider: ManuscriptProvider; state: ProviderState } | null>(null);
  useEffect(() => {
    const made = new ManuscriptProvider(new Y.Doc(), { manuscriptId, token, transport });
    const off = made.subscribe((state) => setJoined({ provider: made, state }), { current: true });
    return () => {
      off();
      made.destroy();
      made.doc.destroy();
    };
  }, [manuscriptId, token, transport]);
  return joined;
}

export default function ManuscriptEditor(props: ManuscriptEditorProps) {
  const joined = useProvider(props.manuscriptId, props.token, props.transport ?? socketTransport);
  if (!joined) return <StatusLine status="connecting" />;
  return <Editing {...props} key={joined.provider.doc.guid} provider={joined.provider} state={joined.state} />;
}

function Editing({ manuscriptId, token, comments, permission, user, onCounts, onHandle, provider, state }: ManuscriptEditorProps & { provider: ManuscriptProvider; state: ProviderState }) {
  const effective = state.permission ?? permission;
  const editable = mayWrite(effective);
  const [counts, setCounts] = useState<Counts>({ total: 0, withoutPunctuation: 0, sections: [] });

  const editor = useEditor(
    {
      editable,
      extensions: [
        // Only what the contract's document holds (headings 1–3, lists, quotes, bold, italic, links, images):
        // the server counts the same nodes. Collaboration brings its own undo.
        StarterKit.configure({
          heading: { levels: [1, 2, 3] },
          undoRedo: false,
          code: false,
          codeBlock: false,
          strike: false,
          underline: false,
          horizontalRule: false,
          hardBreak: false,
          trailingNode: false,
          link: { openOnClick: false, autolink: true, protocols: ['http', 'https'] },
        }),
        ManuscriptImage,
        Collaboration.configure({ document: provider.doc, field: 'default' }),
        CollaborationCaret.configure({ provider, user: { id: user.id, name: user.name, color: caretColor(user.id) } }),
        CommentHighlights,
        Suggestions.configure({ author: user, enabled: effective === 'suggest' }),
      ],
      editorProps: {
        attributes: { 'data-testid': 'manuscript-editor', 'aria-label': '原稿本文', role: 'textbox', 'aria-multiline': 'true' },
        // A Japanese input method's reading stays on this screen until it is committed.
        handleDOMEvents: {
          compositionstart: () => {
            provider.composing(true);
            return false;
          },
          compositionend: () => {
            provider.composing(false);
            return false;
          },
        },
      },
    },
    [provider],
  );

  const source = useMemo(() => comments ?? commentsSource(manuscriptId, token), [comments, manuscriptId, token]);
  const suggesting = useSuggesting(editor);

  useEffect(() => {
    if (editor && editor.isEditable !== editable) editor.setEditable(editable);
  }, [editor, editable]);

  useEffect(() => {
    if (!editor) return;
    // Remote changes come through the same transactions as typing: one count for both.
    const recount = () => {
      const next = countDoc(editor.getJSON());
      setCounts(next);
      onCounts?.(next);
    };
    recount();
    editor.on('update', recount);
    return () => {
      editor.off('update', recount);
    };
  }, [editor, onCounts]);

  useEffect(() => {
    if (!editor || !onHandle) return;
    onHandle({
      blocks: () => blocksOf(editor.getJSON()),
      subscribe: (listener) => {
        editor.on('update', listener);
        return () => {
          editor.off('update', listener);
        };
      },
      restore: (stored) => restoreState(editor, stored),
    });
    return () => onHandle(null);
  }, [editor, onHandle]);

  return (
    <div>
      <Meta>
        <StatusLine status={state.status} />
        <span data-testid="manuscript-permission">権限: {PERMISSION_LABEL[effective]}</span>
        {!editable && <span>（閲覧のみ）</span>}
      </Meta>
      {state.error && <ErrorAlert error={new AppError(state.error)} />}
      <Layout>
        <Sheet>
          {editor && editable && !suggesting && <Toolbar editor={editor} extra={<ImageButton editor={editor} manuscriptId={manuscriptId} token={token} />} />}
          {editor && editable && suggesting && (
            // Formatting is not tracked while suggesting; an inserted image is (suggestions.ts).
            <Bar role="toolbar" aria-label="挿入">
              <ImageButton editor={editor} manuscriptId={manuscriptId} token={token} />
            </Bar>
          )}
          <EditorContent editor={editor} />
        </Sheet>
        <div>
          <CountPanel counts={counts} />
          {editor && <EditorCommentsPanel editor={editor} source={source} />}
          {editor && <SuggestionsPanel editor={editor} permission={effective} />}
        </div>
      </Layout>
    </div>
  );
}
