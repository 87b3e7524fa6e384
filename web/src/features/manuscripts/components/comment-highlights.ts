/**
 * Comment anchors in the editor: a thread's range is kept as two Yjs relative positions (so it
 * follows everyone's edits), made from the selection with y-tiptap's
 * `absolutePositionToRelativePosition` (`Y.createRelativePositionFromTypeIndex` through the
 * binding's mapping) and drawn back as inline decorations through
 * `relativePositionToAbsolutePosition`. The decorations are computed again when the threads
 * change and after a remote change (the binding has mapped the new nodes by then); a local edit
 * maps them.
 */
import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { absolutePositionToRelativePosition, relativePositionToAbsolutePosition, ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { fromBase64, toBase64 } from '../provider';

/** A thread's range as the highlights need it. */
export interface HighlightAnchor {
  id: number;
  /** Base64 of `Y.encodeRelativePosition`. */
  start: string;
  end: string;
}

interface HighlightState {
  anchors: HighlightAnchor[];
  active: number | null;
  decorations: DecorationSet;
}

interface HighlightMeta {
  anchors?: HighlightAnchor[];
  active?: number | null;
}

export const commentHighlightsKey = new PluginKey<HighlightState>('commentHighlights');

interface Binding {
  doc: Y.Doc;
  type: Y.XmlFragment;
  mapping: Parameters<typeof relativePositionToAbsolutePosition>[3];
}

function bindingOf(state: EditorState): Binding | null {
  const sync = ySyncPluginKey.getState(state) as { type?: Y.XmlFragment; binding?: { mapping: Binding['mapping'] } } | undefined;
  if (!sync?.type || !sync.binding || !sync.type.doc) return null;
  return { doc: sync.type.doc, type: sync.type, mapping: sync.binding.mapping };
}

function absolute(binding: Binding, encoded: string): number | null {
  try {
    return relativePositionToAbsolutePosition(binding.doc, binding.type, Y.decodeRelativePosition(fromBase64(encoded)), binding.mapping);
  } catch {
    return null;
  }
}

/** The absolute ranges of the anchors that still point into the text (a range deleted whole has none). */
export function rangesOf(state: EditorState, anchors: HighlightAnchor[]): { id: number; from: number; to: number }[] {
  const binding = bindingOf(state);
  if (!binding) return [];
  const size = state.doc.content.size;
  const ranges: { id: number; from: number; to: number }[] = [];
  for (const anchor of anchors) {
    const from = absolute(binding, anchor.start);
    const to = absolute(binding, anchor.end);
    if (from === null || to === null) continue;
    const [a, b] = [Math.max(0, Math.min(from, to)), Math.min(size, Math.max(from, to))];
    if (a < b) ranges.push({ id: anchor.id, from: a, to: b });
  }
  return ranges;
}

function decorate(state: EditorState, anchors: HighlightAnchor[], active: number | null): DecorationSet {
  const decorations = rangesOf(state, anchors).map(({ id, from, to }) =>
    Decoration.inline(
      from,
      to,
      { class: id === active ? 'manuscript-comment manuscript-comment--active' : 'manuscript-comment', 'data-comment-id': String(id) },
      { commentId: id },
    ),
  );
  return DecorationSet.create(state.doc, decorations);
}

/** The current selection as a new thread's anchor and its text; null when nothing is selected. */
export function selectionAnchor(editor: Editor): { start: string; end: string; text: string } | null {
  const { state } = editor;
  const { from, to, empty } = state.selection;
  const binding = bindingOf(state);
  if (empty || !binding) return null;
  const text = state.doc.textBetween(from, to, ' ');
  if (!text.trim()) return null;
  const encode = (pos: number) => toBase64(Y.encodeRelativePosition(absolutePositionToRelativePosition(pos, binding.type, binding.mapping)));
  return { start: encode(from), end: encode(to), text };
}

/** The highlighted thread under the cursor, if any (the panel shows it as the active one). */
export function threadAtCursor(state: EditorState): number | null {
  const pos = state.selection.from;
  const found = commentHighlightsKey.getState(state)?.decorations.find(pos, pos);
  return (found?.[0]?.spec as { commentId?: number } | undefined)?.commentId ?? null;
}

/** Shows these anchors (and which thread is active) in the editor. */
export function showHighlights(editor: Editor, anchors: HighlightAnchor[], active: number | null) {
  if (editor.isDestroyed) return;
  const meta: HighlightMeta = { anchors, active };
  editor.view.dispatch(editor.state.tr.setMeta(commentHighlightsKey, meta));
}

export const CommentHighlights = Extension.create({
  name: 'commentHighlights',
  addProseMirrorPlugins() {
    return [
      new Plugin<HighlightState>({
        key: commentHighlightsKey,
        state: {
          init: () => ({ anchors: [], active: null, decorations: DecorationSet.empty }),
          apply(tr, value, _old, state) {
            const meta = tr.getMeta(commentHighlightsKey) as HighlightMeta | undefined;
            const remote = (tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin;
            if (meta || remote) {
              const anchors = meta?.anchors ?? value.anchors;
              const active = meta && 'active' in meta ? (meta.active ?? null) : value.active;
              return { anchors, active, decorations: decorate(state, anchors, active) };
            }
            if (tr.docChanged) return { ...value, decorations: value.decorations.map(tr.mapping, tr.doc) };
            return value;
          },
        },
        props: {
          decorations: (state) => commentHighlightsKey.getState(state)?.decorations,
        },
      }),
    ];
  },
});
