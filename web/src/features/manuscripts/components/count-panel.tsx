/** The live 文字数 panel and the sync status line beside the editor (no editor code: cheap to test and to load). */
import styled from 'styled-components';
import { formatNumber } from '@/lib/format';
import { theme } from '@/theme/theme';
import type { ProviderStatus } from '../provider';
import type { Counts } from '../types';

const Box = styled.aside`
  font-size: ${theme.font.md};
  table { border-collapse: collapse; width: 100%; }
  th, td { padding: 4px 6px; border-bottom: 1px solid ${theme.color.border}; text-align: left; }
  td { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  th { font-weight: ${theme.font.regular}; overflow-wrap: anywhere; }
  thead th { font-size: ${theme.font.sm}; color: ${theme.color.subText}; }
  thead th + th { text-align: right; white-space: nowrap; }
`;
const Total = styled.p`
  margin: 0 0 8px;
  font-size: ${theme.font.xxl};
  font-weight: ${theme.font.bold};
  small { font-size: ${theme.font.md}; font-weight: ${theme.font.regular}; color: ${theme.color.subText}; margin-left: 8px; }
`;

/** The section's name as listed: its heading, 「（見出し前）」 for the text before the first one. */
export const sectionLabel = (heading: string | null): string => (heading === null ? '（見出し前）' : heading.trim() || '（無題の見出し）');

export function CountPanel({ counts }: { counts: Counts }) {
  return (
    <Box aria-label="文字数">
      <Total>
        <span data-testid="manuscript-count-total">{formatNumber(counts.total)}</span>文字
        <small data-testid="manuscript-count-without-punctuation">句読点を除く {formatNumber(counts.withoutPunctuation)}文字</small>
      </Total>
      {counts.sections.length > 0 && (
        <table data-testid="manuscript-count-sections">
          <thead>
            <tr>
              <th scope="col">見出し</th>
              <th scope="col">文字数</th>
              <th scope="col">句読点を除く</th>
            </tr>
          </thead>
          <tbody>
            {counts.sections.map((section, index) => (
              <tr key={index}>
                <th scope="row">{sectionLabel(section.heading)}</th>
                <td>{formatNumber(section.total)}</td>
                <td>{formatNumber(section.withoutPunctuation)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Box>
  );
}

const STATUS_TEXT: Record<ProviderStatus, string> = {
  synced: '同期済み',
  connecting: '接続中…',
  offline: 'オフライン（再接続すると反映されます）',
};

const Status = styled.p<{ $status: ProviderStatus }>`
  margin: 0;
  font-size: ${theme.font.sm};
  color: ${(p) => (p.$status === 'synced' ? theme.color.success : p.$status === 'offline' ? theme.color.warning : theme.color.subText)};
`;

export function StatusLine({ status }: { status: ProviderStatus }) {
  return (
    <Status role="status" data-testid="manuscript-status" data-status={status} $status={status}>
      {STATUS_TEXT[status]}
    </Status>
  );
}
