import { Editor, type AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Collaboration from '@tiptap/extension-collaboration';
import Image from '@tiptap/extension-image';
import { TextSelection } from '@tiptap/pm/state';
import * as Y from 'yjs';
import { countDoc } from './count';
import { collectSuggestions, isSuggesting, Suggestions, type SuggestionAuthor } from './suggestions';

const editorAssistant: SuggestionAuthor = { id: 3, name: '佐藤 健' };
const writer: SuggestionAuthor = { id: 2, name: '山田 花子' };

const starter = StarterKit.configure({ heading: { levels: [1, 2, 3] }, undoRedo: false, code: false, codeBlock: false, strike: false, underline: false, horizontalRule: false, hardBreak: false, trailingNode: false });

function makeEditor(options: { author?: SuggestionAuthor; enabled?: boolean; content?: string; doc?: Y.Doc } = {}) {
  const extensions: AnyExtension[] = [starter, Suggestions.configure({ author: options.author ?? editorAssistant, enabled: options.enabled ?? true })];
  if (options.doc) extensions.push(Collaboration.configure({ document: options.doc, field: 'default' }));
  return new Editor({ element: document.createElement('div'), extensions, content: options.doc ? undefined : (options.content ?? '<p>季節の野菜</p>') });
}

/** The text of the first paragraph as runs: text with the names of its suggestion marks. */
function runs(editor: Editor): [string, string][] {
  const out: [string, string][] = [];
  editor.state.doc.descendants((node) => {
    if (node.isText) out.push([node.text ?? '', node.marks.map((m) => m.type.name).filter((n) => n === 'insertion' || n === 'deletion').join('+')]);
  });
  return out;
}

const type = (editor: Editor, text: string) => editor.view.dispatch(editor.state.tr.insertText(text));
const cursorAt = (editor: Editor, pos: number) => editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, pos)));
/** A character removed as the browser removes it (ProseMirror reads the changed DOM into one transaction). */
const backspace = (editor: Editor) => editor.view.dispatch(editor.state.tr.delete(editor.state.selection.head - 1, editor.state.selection.head));
const forwardDelete = (editor: Editor) => editor.view.dispatch(editor.state.tr.delete(editor.state.selection.head, editor.state.selection.head + 1));
const select = (editor: Editor, from: number, to: number) => editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, from, to)));

describe('suggestion mode', () => {
  it('marks typed text as one insertion by its author, and leaves the text before alone', () => {
    const editor = makeEditor();
    cursorAt(editor, 4); // after 季節の
    type(editor, '旬');
    type(editor, 'の');
    expect(runs(editor)).toEqual([
      ['季節の', ''],
      ['旬の', 'insertion'],
      ['野菜', ''],
    ]);
    const [suggestion] = collectSuggestions(editor.state.doc);
    expect(suggestion).toMatchObject({ kind: 'insertion', text: '旬の', authorId: 3, authorName: '佐藤 健' });
    expect(collectSuggestions(editor.state.doc)).toHaveLength(1);
    expect(editor.state.selection.head).toBe(6);
    editor.destroy();
  });

  it('keeps text deleted with Backspace as a deletion, the caret moving before it, and continues the same suggestion', () => {
    const editor = makeEditor();
    cursorAt(editor, 6); // after 季節の野菜
    backspace(editor);
    expect(editor.state.selection.head).toBe(5);
    backspace(editor);
    expect(editor.state.doc.textContent).toBe('季節の野菜');
    expect(runs(editor)).toEqual([
      ['季節の', ''],
      ['野菜', 'deletion'],
    ]);
    expect(editor.state.selection.head).toBe(4);
    expect(collectSuggestions(editor.state.doc)).toEqual([expect.objectContaining({ kind: 'deletion', text: '野菜', authorName: '佐藤 健' })]);
    editor.destroy();
  });

  it('keeps text deleted with Delete as a deletion, the caret moving after it', () => {
    const editor = makeEditor();
    cursorAt(editor, 1);
    forwardDelete(editor);
    forwardDelete(editor);
    expect(runs(editor)).toEqual([
      ['季節', 'deletion'],
      ['の野菜', ''],
    ]);
    expect(editor.state.selection.head).toBe(3);
    expect(collectSuggestions(editor.state.doc)).toHaveLength(1);
    editor.destroy();
  });

  it("really removes the author's own insertion, but only marks another's", () => {
    const editor = makeEditor();
    cursorAt(editor, 6);
    type(editor, 'です');
    backspace(editor);
    expect(runs(editor)).toEqual([
      ['季節の野菜', ''],
      ['で', 'insertion'],
    ]);
    editor.destroy();

    const other = makeEditor({ author: writer, content: '<p>季節の<ins data-suggestion-id="x1" data-author-id="3" data-author-name="佐藤 健">旬の</ins>野菜</p>' });
    select(other, 4, 6);
    other.commands.keyboardShortcut('Backspace');
    expect(runs(other)).toEqual([
      ['季節の', ''],
      ['旬の', 'insertion+deletion'],
      ['野菜', ''],
    ]);
    other.destroy();
  });

  it('turns typing over a selection into a deletion followed by an insertion', () => {
    const editor = makeEditor();
    select(editor, 4, 6); // 野菜
    type(editor, 'かぶ');
    expect(runs(editor)).toEqual([
      ['季節の', ''],
      ['野菜', 'deletion'],
      ['かぶ', 'insertion'],
    ]);
    expect(editor.state.selection.head).toBe(8);
    expect(countDoc(editor.getJSON()).total).toBe(5);
    editor.destroy();
  });

  it('refuses formatting while suggesting (not tracked), and edits plainly when not suggesting', () => {
    const editor = makeEditor();
    select(editor, 1, 3);
    editor.commands.toggleBold();
    editor.commands.setHeading({ level: 2 });
    expect(editor.getHTML()).toBe('<p>季節の野菜</p>');

    editor.commands.setSuggesting(false);
    expect(isSuggesting(editor.state)).toBe(false);
    cursorAt(editor, 6);
    type(editor, 'です');
    backspace(editor);
    expect(runs(editor)).toEqual([['季節の野菜で', '']]);
    editor.destroy();
  });

  it('puts back a paragraph join (Backspace at its start) and lets Enter split one', () => {
    const editor = makeEditor({ content: '<p>季節の</p><p>野菜</p>' });
    cursorAt(editor, 6); // the start of 野菜
    editor.commands.keyboardShortcut('Backspace');
    expect(editor.getHTML()).toBe('<p>季節の</p><p>野菜</p>');
    expect(editor.state.selection.head).toBe(4); // the end of 季節の
    editor.commands.keyboardShortcut('Enter');
    expect(editor.getHTML()).toBe('<p>季節の</p><p></p><p>野菜</p>');
    editor.destroy();
  });

  it('accepts and rejects one suggestion at a time', () => {
    const content =
      '<p>季節の<ins data-suggestion-id="i1" data-author-id="3" data-author-name="佐藤 健">旬の</ins>野菜<del data-suggestion-id="d1" data-author-id="3" data-author-name="佐藤 健">を使った</del>。</p>';
    const accept = makeEditor({ author: writer, enabled: false, content });
    expect(collectSuggestions(accept.state.doc).map((s) => [s.kind, s.text])).toEqual([
      ['insertion', '旬の'],
      ['deletion', 'を使った'],
    ]);
    accept.commands.resolveSuggestion('insertion', 'i1', true);
    accept.commands.resolveSuggestion('deletion', 'd1', true);
    expect(runs(accept)).toEqual([['季節の旬の野菜。', '']]);
    accept.destroy();

    const reject = makeEditor({ author: writer, enabled: false, content });
    reject.commands.resolveSuggestion('insertion', 'i1', false);
    reject.commands.resolveSuggestion('deletion', 'd1', false);
    expect(runs(reject)).toEqual([['季節の野菜を使った。', '']]);
    reject.destroy();
  });

  it('accepts every suggestion at once, even while the writer is in suggestion mode', () => {
    const editor = makeEditor({ author: writer, enabled: true, content: '<p>季節の<ins data-suggestion-id="i1" data-author-id="3" data-author-name="佐藤 健">旬の</ins>野菜<del data-suggestion-id="d1" data-author-id="3" data-author-name="佐藤 健">を使った</del>。</p>' });
    editor.commands.resolveAllSuggestions(true);
    expect(runs(editor)).toEqual([['季節の旬の野菜。', '']]);
    expect(collectSuggestions(editor.state.doc)).toEqual([]);
    editor.destroy();
  });

  it('rewrites an input method composition only once it has ended', async () => {
    const editor = makeEditor();
    let composing = true;
    Object.defineProperty(editor.view, 'composing', { get: () => composing });
    cursorAt(editor, 6);
    type(editor, 'こうせい');
    // The reading is replaced by the committed text, as the editor does during a composition.
    editor.view.dispatch(editor.state.tr.insertText('校正', 6, 10));
    expect(runs(editor)).toEqual([['季節の野菜校正', '']]);
    composing = false;
    editor.view.dom.dispatchEvent(new Event('compositionend'));
    await vi.waitFor(() =>
      expect(runs(editor)).toEqual([
        ['季節の野菜', ''],
        ['校正', 'insertion'],
      ]),
    );
    editor.destroy();
  });
});

describe('suggestions in the shared document', () => {
  function linked() {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(b, u, 'remote'));
    b.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(a, u, 'remote'));
    return [a, b] as const;
  }

  it("reach the writer as marks; a suggested deletion deletes nothing in the Yjs document; the writer's accept reaches back", () => {
    const [docA, docB] = linked();
    const writerEditor = makeEditor({ author: writer, enabled: false, doc: docB });
    writerEditor.commands.setContent('<p>季節の野菜を使った料理</p>');
    const suggester = makeEditor({ author: editorAssistant, enabled: true, doc: docA });
    expect(suggester.state.doc.textContent).toBe('季節の野菜を使った料理');

    const deletedBefore = Y.snapshot(docA).ds.clients.size;
    select(suggester, 6, 10); // を使った
    suggester.commands.keyboardShortcut('Backspace');
    // The kept text is formatted, never deleted and inserted again.
    expect(Y.snapshot(docA).ds.clients.size).toBe(deletedBefore);
    cursorAt(suggester, 6);
    type(suggester, 'で作る');

    expect(collectSuggestions(writerEditor.state.doc).map((s) => [s.kind, s.text, s.authorName])).toEqual([
      ['insertion', 'で作る', '佐藤 健'],
      ['deletion', 'を使った', '佐藤 健'],
    ]);
    // The remote change was not rewritten on the writer's side (no suggestion mode there, and none made by the writer).
    expect(countDoc(writerEditor.getJSON()).total).toBe(5 + 3 + 2);
    writerEditor.commands.resolveAllSuggestions(true);
    expect(suggester.state.doc.textContent).toBe('季節の野菜で作る料理');
    expect(collectSuggestions(suggester.state.doc)).toEqual([]);
    suggester.destroy();
    writerEditor.destroy();
  });
});

describe('an image inserted while suggesting', () => {
  const withImages = (enabled: boolean, author = editorAssistant) =>
    new Editor({ element: document.createElement('div'), extensions: [starter, Image, Suggestions.configure({ author, enabled })], content: '<p>季節の野菜</p>' });
  const images = (editor: Editor) => {
    const found: Record<string, unknown>[] = [];
    editor.state.doc.descendants((node) => {
      if (node.type.name === 'image') found.push(node.attrs);
    });
    return found;
  };

  it('is its author\'s suggestion, listed with the text around it, and kept when accepted', () => {
    const editor = withImages(true);
    cursorAt(editor, 6);
    editor.commands.setImage({ src: '/api/files/55', alt: '写真.png' });
    expect(images(editor)).toEqual([expect.objectContaining({ src: '/api/files/55', alt: '写真.png', authorId: 3, authorName: '佐藤 健' })]);
    const [suggestion] = collectSuggestions(editor.state.doc);
    expect(suggestion).toMatchObject({ kind: 'insertion', text: '［画像：写真.png］', authorName: '佐藤 健' });
    expect(suggestion.suggestionId).toMatch(/^[0-9a-f]{16}$/);

    editor.commands.setSuggesting(false);
    editor.commands.resolveSuggestion('insertion', suggestion.suggestionId, true);
    expect(images(editor)).toEqual([expect.objectContaining({ src: '/api/files/55', suggestionId: '' })]);
    expect(collectSuggestions(editor.state.doc)).toEqual([]);
    editor.destroy();
  });

  it('goes when rejected, alone or with every suggestion', () => {
    for (const one of [true, false]) {
      const editor = withImages(true);
      cursorAt(editor, 6);
      editor.commands.setImage({ src: '/api/files/55', alt: '写真.png' });
      const [suggestion] = collectSuggestions(editor.state.doc);
      editor.commands.setSuggesting(false);
      if (one) editor.commands.resolveSuggestion('insertion', suggestion.suggestionId, false);
      else editor.commands.resolveAllSuggestions(false);
      expect(images(editor)).toEqual([]);
      expect(editor.state.doc.textContent).toBe('季節の野菜');
      editor.destroy();
    }
  });

  it('is no suggestion when the writer inserts it outside suggestion mode', () => {
    const editor = withImages(false, writer);
    cursorAt(editor, 6);
    editor.commands.setImage({ src: '/api/files/55', alt: '写真.png' });
    expect(images(editor)).toEqual([expect.objectContaining({ suggestionId: '' })]);
    expect(collectSuggestions(editor.state.doc)).toEqual([]);
    editor.destroy();
  });
});
