import { render, screen, within } from '@testing-library/react';
import { diffBlocks, diffText } from '../diff';
import type { Block } from '../count';
import { VersionDiff } from './version-diff';

const p = (text: string): Block => ({ type: 'paragraph', text });
const h = (text: string): Block => ({ type: 'heading', text });

describe('diffText', () => {
  it('compares Japanese by character: a kana run becomes kanji', () => {
    expect(diffText('季節のやさいを使う', '季節の野菜を使う')).toEqual([
      { kind: 'same', text: '季節の' },
      { kind: 'removed', text: 'やさい' },
      { kind: 'added', text: '野菜' },
      { kind: 'same', text: 'を使う' },
    ]);
  });

  it('never splits an emoji sequence or a letter from its combining marks', () => {
    // The cook (woman + ZWJ + cooking) becomes the man cook: the whole cluster changes, not a half.
    expect(diffText('料理👩‍🍳です', '料理👨‍🍳です')).toEqual([
      { kind: 'same', text: '料理' },
      { kind: 'removed', text: '👩‍🍳' },
      { kind: 'added', text: '👨‍🍳' },
      { kind: 'same', text: 'です' },
    ]);
    // か + combining voiced mark (が in two code points) against a plain か: a whole character.
    expect(diffText('か\u3099き', 'かき')).toEqual([
      { kind: 'removed', text: 'か\u3099' },
      { kind: 'added', text: 'か' },
      { kind: 'same', text: 'き' },
    ]);
    // A flag is two regional indicators; a skin tone modifies its hand.
    expect(diffText('🇯🇵👍🏽', '🇯🇵👍')).toEqual([
      { kind: 'same', text: '🇯🇵' },
      { kind: 'removed', text: '👍🏽' },
      { kind: 'added', text: '👍' },
    ]);
  });
});

describe('diffBlocks', () => {
  it('aligns equal blocks, compares blocks edited in place, and keeps whole blocks added or removed', () => {
    const before = [h('はじめに'), p('消える段落'), p('かぶを煮る'), h('材料')];
    const after = [h('はじめに'), p('かぶを焼く'), h('材料'), p('新しい段落')];
    const shown = (blocks: ReturnType<typeof diffBlocks>) => blocks.map((b) => [b.kind, b.type, b.segments.map((s) => `${s.kind}:${s.text}`).join('|')]);
    expect(shown(diffBlocks(before, after))).toEqual([
      ['same', 'heading', 'same:はじめに'],
      ['removed', 'paragraph', 'removed:消える段落'],
      ['changed', 'paragraph', 'same:かぶを|removed:煮る|added:焼く'],
      ['same', 'heading', 'same:材料'],
      ['added', 'paragraph', 'added:新しい段落'],
    ]);
    // Unalike blocks in one run are never forced together.
    expect(shown(diffBlocks([p('古い')], [p('新規')]))).toEqual([
      ['removed', 'paragraph', 'removed:古い'],
      ['added', 'paragraph', 'added:新規'],
    ]);
  });
});

describe('VersionDiff', () => {
  it('marks a kanji/kana change inside a block with colour, underline or strike, and 「追加」「削除」 for screen readers', () => {
    render(<VersionDiff before={[p('季節のやさいを使う')]} after={[p('季節の野菜を使う')]} beforeLabel="初稿" afterLabel="現在の原稿" />);
    const diff = screen.getByRole('region', { name: '「初稿」から「現在の原稿」への差分' });
    const inserted = within(diff).getAllByRole('insertion');
    const deleted = within(diff).getAllByRole('deletion');
    expect(inserted).toHaveLength(1);
    expect(deleted).toHaveLength(1);
    expect(inserted[0]).toHaveTextContent('［追加］野菜［追加ここまで］');
    expect(deleted[0]).toHaveTextContent('［削除］やさい［削除ここまで］');
    // Not colour alone: insertions are underlined, deletions struck through.
    expect(getComputedStyle(inserted[0]).textDecoration).toContain('underline');
    expect(getComputedStyle(deleted[0]).textDecoration).toContain('line-through');
    expect(screen.getByTestId('manuscript-diff-added')).toHaveTextContent('追加 2文字');
    expect(screen.getByTestId('manuscript-diff-removed')).toHaveTextContent('削除 3文字');
  });

  it('counts an emoji as one character and marks it whole', () => {
    render(<VersionDiff before={[p('おいしい')]} after={[p('おいしい👩‍🍳')]} beforeLabel="初稿" afterLabel="二稿" />);
    const [inserted] = screen.getAllByRole('insertion');
    expect(inserted).toHaveTextContent('［追加］👩‍🍳［追加ここまで］');
    expect(screen.getByTestId('manuscript-diff-added')).toHaveTextContent('追加 1文字');
    expect(screen.queryAllByRole('deletion')).toHaveLength(0);
  });

  it('shows an added and a removed block whole, with a visible tag', () => {
    render(
      <VersionDiff before={[h('はじめに'), p('古い段落です。'), h('材料')]} after={[h('はじめに'), h('材料'), p('かぶ、にんじん。')]} beforeLabel="初稿" afterLabel="現在の原稿" />,
    );
    const rows = within(screen.getByTestId('manuscript-diff')).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset.kind)).toEqual(['same', 'removed', 'same', 'added']);
    expect(within(rows[1]).getByRole('deletion')).toHaveTextContent('古い段落です。');
    expect(rows[1]).toHaveTextContent('削除');
    expect(within(rows[3]).getByRole('insertion')).toHaveTextContent('かぶ、にんじん。');
    expect(rows[3]).toHaveTextContent('追加');
    expect(within(rows[0]).queryByRole('insertion')).toBeNull();
    expect(screen.getByTestId('manuscript-diff-added')).toHaveTextContent('追加 8文字');
    expect(screen.getByTestId('manuscript-diff-removed')).toHaveTextContent('削除 7文字');
  });

  it('says when the two texts are the same', () => {
    render(<VersionDiff before={[p('同じ')]} after={[p('同じ')]} beforeLabel="初稿" afterLabel="現在の原稿" />);
    expect(screen.getByTestId('manuscript-diff-none')).toHaveTextContent('違いはありません。');
  });
});
