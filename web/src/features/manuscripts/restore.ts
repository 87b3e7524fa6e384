/**
 * Restoring a version (issue 44): the version's stored Yjs state is loaded into a document of
 * its own, turned into ProseMirror JSON by y-tiptap (y-prosemirror's helpers), and set as the
 * editor's content. The editor's Collaboration binding turns that change into ordinary Yjs edits
 * of the live document, which the provider sends like typing: everyone in the room sees the
 * restored text at once, and nothing of the document's history is rewritten. Part of the
 * editor's lazy chunk (only manuscript-editor.tsx imports it).
 */
import type { Editor, JSONContent } from '@tiptap/core';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { fromBase64 } from './provider';

/** The fragment TipTap's Collaboration writes into (the server walks the same one). */
const FRAGMENT = 'default';

/** The ProseMirror document a stored state (base64 Yjs v1 update) holds; an empty one is one empty paragraph. */
export function contentOfState(state: string): JSONContent {
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, fromBase64(state));
    const json = yDocToProsemirrorJSON(doc, FRAGMENT) as JSONContent;
    return json.content?.length ? json : { type: 'doc', content: [{ type: 'paragraph' }] };
  } finally {
    doc.destroy();
  }
}

/** Replaces the editor's content with the state's, as one change the binding sends as Yjs edits. */
export function restoreState(editor: Editor, state: string): void {
  editor.commands.setContent(contentOfState(state), { emitUpdate: true });
}
