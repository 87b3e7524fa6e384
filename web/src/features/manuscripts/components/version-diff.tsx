/**
 * A comparison of two texts of a manuscript, drawn block by block: insertions in green and
 * underlined, deletions in red and struck through (colour is never the only cue), each read out
 * as 「追加」 or 「削除」; a whole block added or removed carries a bar and the same words.
 */
import styled, { css } from 'styled-components';
import { VisuallyHidden } from '@/components/form-field';
import { Muted } from '@/components/page';
import { formatNumber } from '@/lib/format';
import { theme } from '@/theme/theme';
import { countText, type Block } from '../count';
import { diffBlocks, hasChanges, type BlockDiff, type Segment } from '../diff';


const addedLook = css`
  background: ${theme.color.diffAdded};
  color: ${theme.color.brandDark};
  text-decoration: underline 2px;
  text-underline-offset: 3px;
`;
const removedLook = css`
  background: ${theme.color.diffRemoved};
  color: ${theme.color.alert};
  text-decoration: line-through 2px;
`;
const Added = styled.ins`${addedLook}`;
const Removed = styled.del`${removedLook}`;
const LegendAdded = styled.span`${addedLook} padding: 0 4px;`;
const LegendRemoved = styled.span`${removedLook} padding: 0 4px;`;

const Summary = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 0 0 12px;
  font-size: ${theme.font.sm};
  color: ${theme.color.subText};
`;
const Blocks = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  line-height: 1.8;
  font-size: ${theme.font.lg};
  overflow-wrap: anywhere;
`;
const Row = styled.li<{ $kind: BlockDiff['kind']; $heading: boolean }>`
  margin: 0 0 8px;
  padding: 2px 0 2px 12px;
  border-left: 4px solid
    ${(p) => (p.$kind === 'added' ? theme.color.success : p.$kind === 'removed' ? theme.color.alert : p.$kind === 'changed' ? theme.color.warning : 'transparent')};
  font-weight: ${(p) => (p.$heading ? theme.font.bold : theme.font.regular)};
  font-size: ${(p) => (p.$heading ? '1.15em' : '1em')};
  color: ${(p) => (p.$kind === 'same' ? theme.color.subText : theme.color.text)};
  white-space: pre-wrap;
`;
const Tag = styled.span<{ $kind: 'added' | 'removed' }>`
  display: inline-block;
  margin-right: 8px;
  padding: 0 6px;
  border-radius: 3px;
  font-size: ${theme.font.sm};
  font-weight: ${theme.font.bold};
  color: ${theme.color.white};
  background: ${(p) => (p.$kind === 'added' ? theme.color.success : theme.color.alert)};
  vertical-align: middle;
`;

function Mark({ segment }: { segment: Segment }) {
  if (segment.kind === 'added') {
    return (
      <Added>
        <VisuallyHidden>［追加］</VisuallyHidden>
        {segment.text}
        <VisuallyHidden>［追加ここまで］</VisuallyHidden>
      </Added>
    );
  }
  if (segment.kind === 'removed') {
    return (
      <Removed>
        <VisuallyHidden>［削除］</VisuallyHidden>
        {segment.text}
        <VisuallyHidden>［削除ここまで］</VisuallyHidden>
      </Removed>
    );
  }
  return <>{segment.text}</>;
}

/** Characters added and removed over a comparison, by the 文字数 rule (white space is not a character). */
function changedCharacters(diff: readonly BlockDiff[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const block of diff) {
    for (const segment of block.segments) {
      if (segment.kind === 'added') added += countText(segment.text)[0];
      if (segment.kind === 'removed') removed += countText(segment.text)[0];
    }
  }
  return { added, removed };
}

export interface VersionDiffProps {
  before: readonly Block[];
  after: readonly Block[];
  /** The two sides' names, read before the comparison (「初稿」→「現在の原稿」). */
  beforeLabel: string;
  afterLabel: string;
}

export function VersionDiff({ before, after, beforeLabel, afterLabel }: VersionDiffProps) {
  const diff = diffBlocks(before, after);
  const totals = changedCharacters(diff);
  return (
    <section aria-label={`「${beforeLabel}」から「${afterLabel}」への差分`} data-testid="manuscript-diff">
      <Summary>
        <span data-testid="manuscript-diff-added">
          <LegendAdded>追加</LegendAdded> {formatNumber(totals.added)}文字
        </span>
        <span data-testid="manuscript-diff-removed">
          <LegendRemoved>削除</LegendRemoved> {formatNumber(totals.removed)}文字
        </span>
      </Summary>
      {!hasChanges(diff) && <Muted data-testid="manuscript-diff-none">違いはありません。</Muted>}
      <Blocks>
        {diff.map((block, index) => (
          <Row key={index} $kind={block.kind} $heading={block.type === 'heading'} data-kind={block.kind}>
            {block.type === 'heading' && <VisuallyHidden>見出し：</VisuallyHidden>}
            {/* Seen, not read: the block's own mark reads 「追加」 or 「削除」. */}
            {block.kind === 'added' && (
              <Tag $kind="added" aria-hidden="true">
                追加
              </Tag>
            )}
            {block.kind === 'removed' && (
              <Tag $kind="removed" aria-hidden="true">
                削除
              </Tag>
            )}
            {block.segments.map((segment, i) => (
              <Mark key={i} segment={segment} />
            ))}
          </Row>
        ))}
      </Blocks>
    </section>
  );
}
