/**
 * A manuscript's comments as the panel and the highlights use them: where they come from (the
 * REST calls and the room's `manuscript_comment.changed`, behind `CommentsSource` so tests give
 * their own), and the threads they form.
 */
import { manuscriptsApi } from './api';
import { onCommentChanged } from './live';
import type { CommentThread, ManuscriptComment, NewComment } from './types';

/** What the panel asks of the server; the app's is `commentsSource(id, token)`. */
export interface CommentsSource {
  list(): Promise<ManuscriptComment[]>;
  create(comment: NewComment): Promise<ManuscriptComment>;
  resolve(commentId: number): Promise<unknown>;
  reopen(commentId: number): Promise<unknown>;
  remove(commentId: number): Promise<unknown>;
  /** Calls `listener` when someone changed a comment of the manuscript; answers the unsubscribe. */
  onChanged(listener: () => void): () => void;
}

export const commentsSource = (manuscriptId: number, token?: string): CommentsSource => ({
  list: () => manuscriptsApi.comments(manuscriptId, token),
  create: (comment) => manuscriptsApi.createComment(manuscriptId, comment, token),
  resolve: (commentId) => manuscriptsApi.resolveComment(manuscriptId, commentId, token),
  reopen: (commentId) => manuscriptsApi.reopenComment(manuscriptId, commentId, token),
  remove: (commentId) => manuscriptsApi.deleteComment(manuscriptId, commentId, token),
  onChanged: (listener) => onCommentChanged(manuscriptId, listener),
});

/** The body's limit, the server's (`comments::http::BODY_MAX`, stated in the contract). */
export const COMMENT_BODY_MAX = 2000;
/** How much of the selected text a thread keeps as its quote (the server takes up to 1000). */
export const QUOTE_MAX = 200;

/** The comments as threads, oldest first; replies whose root is not listed are left out. */
export function threadsOf(comments: ManuscriptComment[]): CommentThread[] {
  const threads = new Map<number, CommentThread>();
  for (const comment of comments) {
    if (comment.parentId === null || comment.parentId === undefined) threads.set(comment.id, { root: comment, replies: [] });
  }
  for (const comment of comments) {
    if (comment.parentId != null) threads.get(comment.parentId)?.replies.push(comment);
  }
  return [...threads.values()];
}

/** The selected text as a thread's quote: on one line, cut at `QUOTE_MAX` characters. */
export function quoteOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX - 1).join('')}…` : line;
}
