import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { blocksOf, countBlocks, countDoc, type Block } from './count';

/** The one case file both sides read (the server's tests too): the rule may not drift. */
interface Case {
  name: string;
  blocks: Block[];
  total: number;
  without_punctuation: number;
  sections: { heading: string | null; total: number; without_punctuation: number }[];
}
const file = JSON.parse(readFileSync(resolve(__dirname, '../../../../testdata/manuscript-counts.json'), 'utf8')) as { cases: Case[] };

describe('the shared count cases', () => {
  it('has cases to check', () => {
    expect(file.cases.length).toBeGreaterThan(5);
  });

  it.each(file.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const counts = countBlocks(c.blocks);
    expect(counts.total).toBe(c.total);
    expect(counts.withoutPunctuation).toBe(c.without_punctuation);
    expect(counts.sections).toEqual(c.sections.map((s) => ({ heading: s.heading, total: s.total, withoutPunctuation: s.without_punctuation })));
  });
});

describe('blocks of a TipTap document', () => {
  const doc = {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: '前書き' }, { type: 'text', text: '。', marks: [{ type: 'bold' }] }] },
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '見出し' }] },
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: '一つ目' }] }] },
          { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: '二つ目' }] }] },
        ],
      },
      { type: 'image', attrs: { src: '/x.png' } },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: '引用、です' }] }] },
      { type: 'paragraph' },
    ],
  };

  it('walks paragraphs, headings, list items and quotes in order, joining marked text', () => {
    expect(blocksOf(doc)).toEqual([
      { type: 'paragraph', text: '前書き。' },
      { type: 'heading', text: '見出し' },
      { type: 'paragraph', text: '一つ目' },
      { type: 'paragraph', text: '二つ目' },
      { type: 'paragraph', text: '引用、です' },
      { type: 'paragraph', text: '' },
    ]);
  });

  it('counts the document by section', () => {
    expect(countDoc(doc)).toEqual({
      total: 4 + 3 + 3 + 3 + 5,
      withoutPunctuation: 3 + 3 + 3 + 3 + 4,
      sections: [
        { heading: null, total: 4, withoutPunctuation: 3 },
        { heading: '見出し', total: 14, withoutPunctuation: 13 },
      ],
    });
  });

  it('counts an empty document as nothing, with no sections', () => {
    expect(countDoc({ type: 'doc', content: [] })).toEqual({ total: 0, withoutPunctuation: 0, sections: [] });
  });
});

/** The second shared table: suggested deletions (suggestions.ts) are not counted, on both sides. */
interface SuggestionCase {
  name: string;
  blocks: { type: 'paragraph' | 'heading'; runs: { text: string; marks?: string[] }[] }[];
  total: number;
  without_punctuation: number;
  sections: { heading: string | null; total: number; without_punctuation: number }[];
}
const suggestionFile = JSON.parse(readFileSync(resolve(__dirname, '../../../../testdata/manuscript-suggestion-counts.json'), 'utf8')) as { cases: SuggestionCase[] };

describe('the shared count cases with suggestions', () => {
  it.each(suggestionFile.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const doc = {
      type: 'doc',
      content: c.blocks.map((block) => ({
        type: block.type,
        content: block.runs.map((run) => ({ type: 'text', text: run.text, marks: (run.marks ?? []).map((type) => ({ type, attrs: { suggestionId: 's1', authorId: 3, authorName: '佐藤 健' } })) })),
      })),
    };
    const counts = countDoc(doc);
    expect(counts.total).toBe(c.total);
    expect(counts.withoutPunctuation).toBe(c.without_punctuation);
    expect(counts.sections).toEqual(c.sections.map((s) => ({ heading: s.heading, total: s.total, withoutPunctuation: s.without_punctuation })));
  });
});
