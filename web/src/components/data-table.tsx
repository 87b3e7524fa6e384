import type { TableHTMLAttributes } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';

const Scroll = styled.div`
  width: 100%;
  overflow-x: auto;
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td {
    padding: 8px 12px;
    text-align: left;
    border-bottom: 1px solid ${theme.color.border};
    white-space: nowrap;
  }
  th { font-size: ${theme.font.sm}; color: ${theme.color.subText}; font-weight: ${theme.font.bold}; }
  .number { text-align: right; font-variant-numeric: tabular-nums; }
  tbody tr:hover { background: ${theme.color.background}; }
`;

/**
 * A table of records: header row in muted bold, rows ruled, numbers right-aligned (`className="number"`).
 * Wider than a phone, it scrolls inside its own box instead of widening the page.
 */
export function DataTable(props: TableHTMLAttributes<HTMLTableElement>) {
  return (
    <Scroll>
      <Table {...props} />
    </Scroll>
  );
}
