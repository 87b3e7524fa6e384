import styled from 'styled-components';
import { theme } from '@/theme/theme';

/** A plain list of rows (projects, tasks, deliveries). */
export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** One row: what it is on the left, its status or actions on the right (`$wrap` lets them drop below on narrow screens). */
export const ListRow = styled.li<{ $wrap?: boolean }>`
  display: flex;
  flex-wrap: ${(p) => (p.$wrap ? 'wrap' : 'nowrap')};
  justify-content: space-between;
  align-items: center;
  gap: 8px 12px;
  padding: 10px 0;
  border-bottom: 1px solid ${theme.color.border};
  > div:first-child { min-width: 0; overflow-wrap: anywhere; }
  small { color: ${theme.color.subText}; }
  a { color: ${theme.color.text}; }
`;

/** Buttons and inputs side by side. */
export const Inline = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

/** Cards or tiles in as many columns as fit (`$min` wide at least), one column on a phone. */
export const CardGrid = styled.ul<{ $min: number; $gap?: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(${(p) => p.$min}px, 100%), 1fr));
  gap: ${(p) => p.$gap ?? 12}px;
`;
