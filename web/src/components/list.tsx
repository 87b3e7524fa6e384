import styled from 'styled-components';
import { theme } from '@/theme/theme';

/** A plain list of rows (projects, tasks, deliveries). */
export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

export const ListRow = styled.li`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  padding: 10px 0;
  border-bottom: 1px solid ${theme.color.border};
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
