/**
 * The difference between two texts of a manuscript (two versions, or a version and the current
 * text), block by block and character by character. Characters are extended grapheme clusters
 * (`Intl.Segmenter`, as the 文字数 rule counts them), so an emoji sequence or a letter with its
 * combining marks is inserted or deleted whole, never split. jsdiff's `diffArrays` (Myers)
 * compares the clusters; the blocks are aligned first by their whole text, and a block edited in
 * place is told from one removed and another added by how alike they are.
 */
import { diffArrays } from 'diff';
import type { Block } from './count';

export type SegmentKind = 'same' | 'added' | 'removed';

/** A run of characters that both texts share, or that only the newer (added) or older (removed) has. */
export interface Segment {
  kind: SegmentKind;
  text: string;
}

/**
 * One block of the comparison: unchanged, changed (its characters compared), or only in one
 * side (a whole block added or removed). `type` is the newer block's, or the removed one's.
 */
export interface BlockDiff {
  kind: 'same' | 'changed' | 'added' | 'removed';
  type: Block['type'];
  segments: Segment[];
}

let segmenter: Intl.Segmenter | undefined;

/** The text's user-perceived characters. */
export function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** The character-level difference of two texts, adjacent runs of one kind joined. */
export function diffText(before: string, after: string): Segment[] {
  const segments: Segment[] = [];
  for (const change of diffArrays(graphemes(before), graphemes(after))) {
    const kind: SegmentKind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const text = change.value.join('');
    if (!text) continue;
    const last = segments[segments.length - 1];
    if (last?.kind === kind) last.text += text;
    else segments.push({ kind, text });
  }
  return segments;
}

const blockKey = (block: Block) => `${block.type}\u0000${block.text}`;

/** How alike two texts are, 0–1: the characters they share, twice, over both lengths. */
function likeness(before: string, after: string): number {
  const a = graphemes(before);
  const b = graphemes(after);
  if (a.length + b.length === 0) return 1;
  let shared = 0;
  for (const change of diffArrays(a, b)) if (!change.added && !change.removed) shared += change.count;
  return (2 * shared) / (a.length + b.length);
}

/** Blocks at least this alike are one block edited in place; less alike, one removed and another added. */
const EDITED_IN_PLACE = 0.3;
/** Past this many pairs to weigh, a run's blocks are paired in order without weighing. */
const MAX_WEIGHED = 400;

/**
 * A run of removed blocks against the added ones that replace them, in order: pairs of alike
 * blocks (the most alike overall, order kept) are compared by character, the others stay whole.
 */
function pairRun(removed: readonly Block[], added: readonly Block[], out: BlockDiff[]) {
  const whole = (kind: 'added' | 'removed', block: Block) => out.push({ kind, type: block.type, segments: [{ kind, text: block.text }] });
  const edited = (from: Block, to: Block) => out.push({ kind: 'changed', type: to.type, segments: diffText(from.text, to.text) });
  const r = removed.length;
  const a = added.length;
  if (r * a > MAX_WEIGHED) {
    const paired = Math.min(r, a);
    for (let i = 0; i < paired; i++) edited(removed[i], added[i]);
    removed.slice(paired).forEach((block) => whole('removed', block));
    added.slice(paired).forEach((block) => whole('added', block));
    return;
  }
  const like = removed.map((from) => added.map((to) => likeness(from.text, to.text)));
  // best[i][j]: the greatest likeness summed over pairs of removed[i..] and added[j..].
  const best = Array.from({ length: r + 1 }, () => new Array<number>(a + 1).fill(0));
  for (let i = r - 1; i >= 0; i--) {
    for (let j = a - 1; j >= 0; j--) {
      const pair = like[i][j] >= EDITED_IN_PLACE ? like[i][j] + best[i + 1][j + 1] : -1;
      best[i][j] = Math.max(best[i + 1][j], best[i][j + 1], pair);
    }
  }
  let i = 0;
  let j = 0;
  while (i < r || j < a) {
    if (i < r && j < a && like[i][j] >= EDITED_IN_PLACE && best[i][j] === like[i][j] + best[i + 1][j + 1]) {
      edited(removed[i++], added[j++]);
    } else if (i < r && (j === a || best[i][j] === best[i + 1][j])) {
      whole('removed', removed[i++]);
    } else {
      whole('added', added[j++]);
    }
  }
}

/**
 * The two texts compared block by block: blocks equal in kind and text are aligned (Myers over
 * the blocks); in each run of removed blocks followed by added ones, alike blocks are paired
 * and compared by character (a block edited in place), and the rest is a whole block added or
 * removed.
 */
export function diffBlocks(before: readonly Block[], after: readonly Block[]): BlockDiff[] {
  const out: BlockDiff[] = [];
  let removed: Block[] = [];
  let added: Block[] = [];
  const flush = () => {
    pairRun(removed, added, out);
    removed = [];
    added = [];
  };
  let b = 0;
  let a = 0;
  for (const change of diffArrays(before.map(blockKey), after.map(blockKey))) {
    if (change.removed) {
      removed.push(...before.slice(b, b + change.count));
      b += change.count;
    } else if (change.added) {
      added.push(...after.slice(a, a + change.count));
      a += change.count;
    } else {
      flush();
      for (const block of after.slice(a, a + change.count)) out.push({ kind: 'same', type: block.type, segments: [{ kind: 'same', text: block.text }] });
      a += change.count;
      b += change.count;
    }
  }
  flush();
  return out;
}

/** Whether a comparison found any difference. */
export const hasChanges = (diff: readonly BlockDiff[]): boolean => diff.some((block) => block.kind !== 'same');
