/**
 * Suggestion mode (提案モード, issue 44 "Proofreading"): insertions and deletions kept as the marks
 * `insertion` and `deletion` in the shared document, each naming its author, so they travel
 * with the Yjs document like any text; the writer accepts or rejects them.
 *
 * While suggesting, every local change is rewritten in the same dispatch (appendTransaction):
 * new text gets the author's `insertion` mark; removed text is put back with a `deletion` mark
 * (the author's own insertion is really removed). The final document differs from the one
 * before only by the kept text's marks, so the Yjs binding writes formatting, not a delete and
 * an insert. An inserted image (a node, which takes no marks) carries the same attributes
 * itself, so it is listed, accepted and rejected like inserted text. Formatting and block
 * changes (headings, lists, marks) are refused while suggesting: they are not tracked. An
 * input method's composition is never touched while it
 * runs (re-rendering its text would break it): its changes are collected and rewritten once it
 * ends, within the time the provider still holds the composition's updates (provider.ts), so
 * the others receive the marked text only. See docs/decisions/manuscript-editor-web.md.
 */
import { Extension, Mark, mergeAttributes } from '@tiptap/core';
import { Fragment, Slice, type Mark as PmMark, type MarkType, type Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, Selection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ReplaceStep, type StepMap } from '@tiptap/pm/transform';
import type { EditorView } from '@tiptap/pm/view';
import { ySyncPluginKey } from '@tiptap/y-tiptap';

export type SuggestionKind = 'insertion' | 'deletion';

export interface SuggestionAuthor {
  id: number;
  name: string;
}

/** The attributes both marks carry (rendered as data-* attributes, so copied text keeps them). */
export interface SuggestionAttrs {
  suggestionId: string;
  authorId: number;
  authorName: string;
  /** ISO 8601, when the suggestion began. */
  time: string;
}

/** One suggestion as the list shows it: all the text carrying one mark id, in document order. */
export interface Suggestion extends SuggestionAttrs {
  kind: SuggestionKind;
  text: string;
  ranges: { from: number; to: number }[];
}

const ATTRIBUTES = {
  suggestionId: { default: '', parseHTML: (el: HTMLElement) => el.getAttribute('data-suggestion-id') ?? '', renderHTML: (a: Record<string, unknown>) => ({ 'data-suggestion-id': a.suggestionId }) },
  authorId: { default: 0, parseHTML: (el: HTMLElement) => Number(el.getAttribute('data-author-id') ?? 0), renderHTML: (a: Record<string, unknown>) => ({ 'data-author-id': a.authorId }) },
  authorName: { default: '', parseHTML: (el: HTMLElement) => el.getAttribute('data-author-name') ?? '', renderHTML: (a: Record<string, unknown>) => ({ 'data-author-name': a.authorName }) },
  time: { default: '', parseHTML: (el: HTMLElement) => el.getAttribute('data-time') ?? '', renderHTML: (a: Record<string, unknown>) => ({ 'data-time': a.time }) },
};

export const KIND_LABEL: Record<SuggestionKind, string> = { insertion: '挿入', deletion: '削除' };

/** The node that takes no marks but may be a suggested insertion: an image (`suggestionId` set while it is one). */
const IMAGE = 'image';
const isSuggestedImage = (node: PmNode): boolean => node.type.name === IMAGE && Boolean(node.attrs.suggestionId);
/** What a suggested image is listed as. */
export const imageSuggestionText = (alt: string): string => `［画像：${alt || '名前なし'}］`;
const NOT_SUGGESTED: SuggestionAttrs = { suggestionId: '', authorId: 0, authorName: '', time: '' };

function suggestionMark(kind: SuggestionKind, tag: 'ins' | 'del') {
  return Mark.create({
    name: kind,
    // Text typed next to a suggestion is not part of it (suggestion mode marks its own text).
    inclusive: false,
    addAttributes: () => ATTRIBUTES,
    parseHTML: () => [{ tag: `${tag}[data-suggestion-id]` }],
    renderHTML: ({ mark, HTMLAttributes }) => [
      tag,
      mergeAttributes(HTMLAttributes, { class: `suggestion-${kind}`, title: `${String(mark.attrs.authorName)}さんの提案（${KIND_LABEL[kind]}）` }),
      0,
    ],
  });
}

export const InsertionMark = suggestionMark('insertion', 'ins');
export const DeletionMark = suggestionMark('deletion', 'del');

/** A transaction this module made (a rewrite, an accept or reject): never rewritten again. */
const OWN = 'manuscriptSuggestion';
const suggestKey = new PluginKey<{ enabled: boolean }>('manuscriptSuggestions');

export const isSuggesting = (state: EditorState): boolean => suggestKey.getState(state)?.enabled ?? false;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
/** `crypto.randomUUID` needs a secure context; random bytes do not. */
export const newSuggestionId = (): string => hex(crypto.getRandomValues(new Uint8Array(8)));

interface Piece {
  /** Where the removed content goes back, in the current document. */
  pos: number;
  slice: Slice;
  /** Order among pieces at the same position. */
  order: number;
}

/** Local changes not yet rewritten: what was inserted and what was removed, kept in current positions. */
interface Batch {
  inserted: { from: number; to: number }[];
  removed: Piece[];
  /** The selection before the first change: a pure deletion places the cursor by it. */
  before: Selection;
  firstDeleted: { from: number; to: number } | null;
}

const isRemote = (tr: Transaction): boolean => Boolean(tr.getMeta(ySyncPluginKey)?.isChangeOrigin) || Boolean(tr.getMeta(OWN));

function mapBatch(batch: Batch, map: StepMap): void {
  batch.inserted = batch.inserted.map((r) => ({ from: map.map(r.from, 1), to: map.map(r.to, -1) })).filter((r) => r.to > r.from);
  for (const piece of batch.removed) piece.pos = map.map(piece.pos, -1);
}

/** Parts of [from, to) outside the ranges (sorted, disjoint). */
function outside(from: number, to: number, ranges: readonly { from: number; to: number }[]): { from: number; to: number }[] {
  const parts: { from: number; to: number }[] = [];
  let at = from;
  for (const r of [...ranges].sort((a, b) => a.from - b.from)) {
    if (r.to <= at || r.from >= to) continue;
    if (r.from > at) parts.push({ from: at, to: r.from });
    at = Math.max(at, r.to);
  }
  if (at < to) parts.push({ from: at, to });
  return parts;
}

function record(batch: Batch, step: ReplaceStep, docBefore: PmNode): void {
  const { from, to } = step;
  if (to > from) {
    batch.firstDeleted ??= { from, to };
    // Text this batch inserted and now removes again simply goes; what was there before comes back.
    const parts = outside(from, to, batch.inserted);
    const peers = batch.removed.filter((p) => p.pos >= from && p.pos <= to);
    // Backspace removes text before the earlier removals' point, Delete after it.
    const first = peers.length === 0 || peers.some((p) => p.pos >= to);
    const orders = peers.map((p) => p.order);
    let order = peers.length === 0 ? 0 : first ? Math.min(...orders) - parts.length : Math.max(...orders) + 1;
    mapBatch(batch, step.getMap());
    for (const part of parts) batch.removed.push({ pos: from, slice: docBefore.slice(part.from, part.to), order: order++ });
  } else {
    mapBatch(batch, step.getMap());
  }
  const size = step.slice.size;
  if (size > 0) {
    const added = { from, to: from + size };
    const merged = batch.inserted.filter((r) => r.to < added.from || r.from > added.to);
    for (const r of batch.inserted) {
      if (!(r.to < added.from || r.from > added.to)) {
        added.from = Math.min(added.from, r.from);
        added.to = Math.max(added.to, r.to);
      }
    }
    batch.inserted = [...merged, added];
  }
}

const markOf = (node: PmNode | null | undefined, type: MarkType): PmMark | undefined => node?.marks.find((m) => m.type === type);

/** The attributes of the author's own mark of `type` touching [from, to), to continue one suggestion; new ones otherwise. */
function continued(doc: PmNode, from: number, to: number, type: MarkType, author: SuggestionAuthor): SuggestionAttrs {
  for (const node of [doc.resolve(from).nodeBefore, doc.resolve(to).nodeAfter]) {
    const mark = markOf(node, type);
    if (mark && mark.attrs.authorId === author.id) return mark.attrs as SuggestionAttrs;
  }
  return { suggestionId: newSuggestionId(), authorId: author.id, authorName: author.name, time: new Date().toISOString() };
}

/** The removed content as it comes back: the author's own insertions dropped, the rest marked deleted. */
function asDeleted(fragment: Fragment, deletion: PmMark, insertion: MarkType, author: SuggestionAuthor): Fragment {
  const nodes: PmNode[] = [];
  fragment.forEach((node) => {
    if (node.isText) {
      if (markOf(node, insertion)?.attrs.authorId === author.id) return;
      nodes.push(markOf(node, deletion.type) ? node : node.mark(deletion.addToSet(node.marks)));
    } else {
      nodes.push(node.copy(asDeleted(node.content, deletion, insertion, author)));
    }
  });
  return Fragment.from(nodes);
}

const hasText = (fragment: Fragment): boolean => {
  let found = false;
  fragment.descendants((node) => {
    if (node.isText) found = true;
    return !found;
  });
  return found;
};

/** The transaction turning a batch's plain changes into suggestions. */
function rewrite(state: EditorState, batch: Batch, author: SuggestionAuthor): Transaction | null {
  const { insertion, deletion } = state.schema.marks;
  const tr = state.tr;
  for (const r of batch.inserted) {
    const attrs = continued(state.doc, r.from, r.to, insertion, author);
    tr.removeMark(r.from, r.to, deletion).removeMark(r.from, r.to, insertion).addMark(r.from, r.to, insertion.create(attrs));
    // Images take no marks: they carry the suggestion themselves (the positions stay: only attributes change).
    const images: { pos: number; node: PmNode }[] = [];
    tr.doc.nodesBetween(r.from, r.to, (node, pos) => {
      if (node.type.name === IMAGE && !node.attrs.suggestionId && pos >= r.from) images.push({ pos, node });
    });
    for (const { pos, node } of images) tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...attrs });
  }
  const pieces = [...batch.removed].sort((a, b) => b.pos - a.pos || b.order - a.order);
  let cursor: number | null = null;
  for (const piece of pieces) {
    const pos = tr.mapping.map(piece.pos, -1);
    const mark = deletion.create(continued(tr.doc, pos, pos, deletion, author));
    const content = asDeleted(piece.slice.content, mark, insertion, author);
    const structural = piece.slice.openStart > 0 || piece.slice.openEnd > 0;
    if (!hasText(content) && !structural) continue;
    tr.replace(pos, pos, new Slice(content, piece.slice.openStart, piece.slice.openEnd));
    cursor = pos;
  }
  // A pure deletion: Backspace or a removed selection leaves the caret before the text kept as deleted, Delete after it.
  if (batch.inserted.length === 0 && cursor !== null && batch.firstDeleted) {
    const forward = batch.before.empty && batch.before.head === batch.firstDeleted.from;
    const at = forward ? tr.mapping.map(cursor, 1) : cursor;
    const target = forward ? tr.doc.resolve(Math.min(at, tr.doc.content.size)) : tr.doc.resolve(at);
    tr.setSelection(Selection.near(target, forward ? 1 : -1));
  }
  if (!tr.docChanged && !tr.selectionSet) return null;
  return tr.setMeta(OWN, true);
}

/** Steps that change formatting or block structure: not tracked, so refused while suggesting. */
function untracked(tr: Transaction): boolean {
  return tr.steps.some((step) => !(step instanceof ReplaceStep));
}

export interface SuggestionsOptions {
  author: SuggestionAuthor;
  /** Suggesting from the start (the permission `suggest`). */
  enabled: boolean;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    suggestions: {
      /** Turns suggestion mode on or off. */
      setSuggesting: (enabled: boolean) => ReturnType;
      /** Accepts or rejects one suggestion. */
      resolveSuggestion: (kind: SuggestionKind, suggestionId: string, accept: boolean) => ReturnType;
      /** Accepts or rejects every suggestion. */
      resolveAllSuggestions: (accept: boolean) => ReturnType;
    };
  }
}

/** The marks, the suggestion-mode plugin and the accept / reject commands. */
export const Suggestions = Extension.create<SuggestionsOptions>({
  name: 'suggestions',
  addOptions: () => ({ author: { id: 0, name: '' }, enabled: false }),
  addExtensions: () => [InsertionMark, DeletionMark],
  addGlobalAttributes: () => [{ types: [IMAGE], attributes: ATTRIBUTES }],

  addCommands() {
    return {
      setSuggesting:
        (enabled) =>
        ({ tr, dispatch }) => {
          if (dispatch) tr.setMeta(suggestKey, { enabled });
          return true;
        },
      resolveSuggestion:
        (kind, suggestionId, accept) =>
        ({ state, tr, dispatch }) => {
          const found = collectSuggestions(state.doc).find((s) => s.kind === kind && s.suggestionId === suggestionId);
          if (!found) return false;
          if (dispatch) resolve(tr, found.ranges, state.schema.marks[kind], accept === (kind === 'insertion')).setMeta(OWN, true);
          return true;
        },
      resolveAllSuggestions:
        (accept) =>
        ({ state, tr, dispatch }) => {
          const { insertion, deletion } = state.schema.marks;
          if (collectSuggestions(state.doc).length === 0) return false;
          if (!dispatch) return true;
          // Text may carry both marks (a deletion of someone's insertion): the kind that removes text decides.
          const spans: { from: number; to: number; drop: boolean; type: MarkType; image?: PmNode }[] = [];
          state.doc.descendants((node, pos) => {
            if (isSuggestedImage(node)) spans.push({ from: pos, to: pos + node.nodeSize, drop: !accept, type: insertion, image: node });
            if (!node.isText) return;
            const ins = markOf(node, insertion);
            const del = markOf(node, deletion);
            if (!ins && !del) return;
            const drop = accept ? Boolean(del) : Boolean(ins);
            spans.push({ from: pos, to: pos + node.nodeSize, drop, type: accept ? insertion : deletion });
          });
          for (const span of spans.reverse()) {
            if (span.drop) tr.delete(span.from, span.to);
            else if (span.image) tr.setNodeMarkup(span.from, undefined, { ...span.image.attrs, ...NOT_SUGGESTED });
            else tr.removeMark(span.from, span.to, span.type);
          }
          tr.setMeta(OWN, true);
          return true;
        },
    };
  },

  addProseMirrorPlugins() {
    const { author } = this.options;
    let view: EditorView | null = null;
    let pending: Batch | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // After a composition ends, the rewrite goes out at once (the provider still holds the composition's updates).
    const flush = () => {
      timer = null;
      if (!view || view.composing || !pending) return;
      const batch = pending;
      pending = null;
      if (!isSuggesting(view.state)) return;
      const tr = rewrite(view.state, batch, author);
      if (tr) view.dispatch(tr);
    };
    return [
      new Plugin<{ enabled: boolean }>({
        key: suggestKey,
        state: {
          init: () => ({ enabled: this.options.enabled }),
          apply: (tr, value) => (tr.getMeta(suggestKey) as { enabled: boolean } | undefined) ?? value,
        },
        view: (editorView) => {
          view = editorView;
          return {
            destroy: () => {
              if (timer) clearTimeout(timer);
              view = null;
            },
          };
        },
        props: {
          handleDOMEvents: {
            compositionend: () => {
              if (timer) clearTimeout(timer);
              timer = setTimeout(flush, 30);
              return false;
            },
          },
        },
        filterTransaction: (tr, state) => !isSuggesting(state) || !tr.docChanged || isRemote(tr) || !untracked(tr),
        appendTransaction: (trs, oldState, newState) => {
          if (!isSuggesting(newState)) {
            pending = null;
            return null;
          }
          let batch = pending;
          for (const tr of trs) {
            if (!tr.docChanged) continue;
            const remote = isRemote(tr);
            tr.steps.forEach((step, i) => {
              if (remote || !(step instanceof ReplaceStep)) {
                if (batch) mapBatch(batch, step.getMap());
                return;
              }
              batch ??= { inserted: [], removed: [], before: oldState.selection, firstDeleted: null };
              record(batch, step, tr.docs[i]);
            });
          }
          if (!batch) return null;
          if (view?.composing) {
            pending = batch;
            return null;
          }
          pending = null;
          return rewrite(newState, batch, author);
        },
      }),
    ];
  },
});

/** Accepting an insertion or rejecting a deletion keeps the text (the mark goes); the others remove it. */
function resolve(tr: Transaction, ranges: readonly { from: number; to: number }[], type: MarkType, keep: boolean): Transaction {
  for (const r of [...ranges].sort((a, b) => b.from - a.from)) {
    const image = tr.doc.nodeAt(r.from);
    if (image && isSuggestedImage(image) && r.to === r.from + image.nodeSize) {
      if (keep) tr.setNodeMarkup(r.from, undefined, { ...image.attrs, ...NOT_SUGGESTED });
      else tr.delete(r.from, r.to);
      continue;
    }
    if (keep) tr.removeMark(r.from, r.to, type);
    else tr.delete(r.from, r.to);
  }
  return tr;
}

/** Every suggestion of a document, in document order (one per kind and mark id). */
export function collectSuggestions(doc: PmNode): Suggestion[] {
  const found = new Map<string, Suggestion>();
  doc.descendants((node, pos) => {
    if (isSuggestedImage(node)) {
      const attrs = node.attrs as SuggestionAttrs & { alt?: string | null };
      const key = `insertion:${attrs.suggestionId}`;
      const suggestion = found.get(key) ?? { suggestionId: attrs.suggestionId, authorId: attrs.authorId, authorName: attrs.authorName, time: attrs.time, kind: 'insertion' as const, text: '', ranges: [] };
      found.set(key, suggestion);
      suggestion.ranges.push({ from: pos, to: pos + node.nodeSize });
      suggestion.text += imageSuggestionText(attrs.alt ?? '');
      return;
    }
    if (!node.isText) return;
    for (const mark of node.marks) {
      const kind = mark.type.name;
      if (kind !== 'insertion' && kind !== 'deletion') continue;
      const attrs = mark.attrs as SuggestionAttrs;
      const key = `${kind}:${attrs.suggestionId}`;
      let suggestion = found.get(key);
      if (!suggestion) {
        suggestion = { ...attrs, kind, text: '', ranges: [] };
        found.set(key, suggestion);
      }
      const last = suggestion.ranges[suggestion.ranges.length - 1];
      if (last && last.to === pos) last.to = pos + node.nodeSize;
      else suggestion.ranges.push({ from: pos, to: pos + node.nodeSize });
      suggestion.text += node.text ?? '';
    }
  });
  return [...found.values()];
}
