/**
 * Unsent drafts, per user and channel (and thread), in localStorage: a reload or a visit elsewhere
 * keeps what was being written. Logging out removes them all (a shared computer keeps nobody's words).
 */
import { registerReset } from '@/lib/reset';

const PREFIX = 'tsumugi.draft.';

export const draftKey = (userId: number, channelId: number, parentId?: number): string =>
  `${PREFIX}${userId}.${channelId}${parentId ? `.${parentId}` : ''}`;

/** Storage may be refused (a private window, a full quota): a draft is then only kept on the page. */
export function loadDraft(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(key: string, text: string): void {
  try {
    if (text.trim()) localStorage.setItem(key, text);
    else localStorage.removeItem(key);
  } catch {
    // kept on the page only
  }
}

export function clearDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

registerReset(clearDrafts);
