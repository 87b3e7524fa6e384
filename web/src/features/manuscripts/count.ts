/**
 * The manuscript's 文字数, by the rule both sides share (testdata/manuscript-counts.json, also read
 * by the server's tests): characters are extended grapheme clusters; one starting with a
 * White_Space code point never counts; 句読点を除く also leaves out those starting with a
 * punctuation code point (General_Category P). A heading starts a section (its own text counts
 * in it); blocks before the first heading form a section without a heading, present only when
 * there are such blocks. Text under a suggested deletion (the `deletion` mark, suggestions.ts)
 * does not count and a suggested insertion does: the count is the text as if every suggestion
 * were accepted (the server's doc.rs walks the same way).
 */

/** One text block of the document, in order; only headings matter to the count. */
export interface Block {
  type: 'heading' | 'paragraph';
  text: string;
}

export interface SectionCount {
  heading: string | null;
  total: number;
  withoutPunctuation: number;
}

export interface Counts {
  total: number;
  withoutPunctuation: number;
  sections: SectionCount[];
}

const WHITE_SPACE = /^\p{White_Space}/u;
const PUNCTUATION = /^\p{P}/u;

let segmenter: Intl.Segmenter | undefined;

/** The characters of one text: [counted, counted without punctuation]. */
export function countText(text: string): [total: number, withoutPunctuation: number] {
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'grapheme' });
  let total = 0;
  let withoutPunctuation = 0;
  for (const { segment } of segmenter.segment(text)) {
    // The first code point decides (a base letter with its combining marks, an emoji sequence).
    const first = String.fromCodePoint(segment.codePointAt(0)!);
    if (WHITE_SPACE.test(first)) continue;
    total++;
    if (!PUNCTUATION.test(first)) withoutPunctuation++;
  }
  return [total, withoutPunctuation];
}

export function countBlocks(blocks: readonly Block[]): Counts {
  const sections: SectionCount[] = [];
  for (const block of blocks) {
    if (block.type === 'heading' || sections.length === 0) {
      sections.push({ heading: block.type === 'heading' ? block.text : null, total: 0, withoutPunctuation: 0 });
    }
    const section = sections[sections.length - 1];
    const [total, withoutPunctuation] = countText(block.text);
    section.total += total;
    section.withoutPunctuation += withoutPunctuation;
  }
  return {
    total: sections.reduce((sum, s) => sum + s.total, 0),
    withoutPunctuation: sections.reduce((sum, s) => sum + s.withoutPunctuation, 0),
    sections,
  };
}

/** A ProseMirror node as TipTap's `editor.getJSON()` writes it. */
export interface DocNode {
  type?: string;
  text?: string;
  marks?: { type: string }[];
  content?: DocNode[];
}

/** A text node's counted text: none when it is a suggested deletion. */
const countedText = (node: DocNode): string => (node.marks?.some((mark) => mark.type === 'deletion') ? '' : (node.text ?? ''));

/**
 * The text blocks of a document in order: every node holding inline content (paragraphs,
 * headings, and so the paragraphs inside list items and quotes); images and other leaves give
 * none. A block's text is its text nodes joined (a hard break, were there one, is white space),
 * without suggested deletions.
 */
export function blocksOf(doc: DocNode): Block[] {
  const blocks: Block[] = [];
  const visit = (node: DocNode) => {
    const children = node.content ?? [];
    const textblock = node.type === 'paragraph' || node.type === 'heading' || children.some((child) => child.type === 'text');
    if (textblock) {
      const text = children.map((child) => (child.type === 'text' ? countedText(child) : child.type === 'hardBreak' ? '\n' : '')).join('');
      blocks.push({ type: node.type === 'heading' ? 'heading' : 'paragraph', text });
      return;
    }
    children.forEach(visit);
  };
  visit(doc);
  return blocks;
}

export const countDoc = (doc: DocNode): Counts => countBlocks(blocksOf(doc));
