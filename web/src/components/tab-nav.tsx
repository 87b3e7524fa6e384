import styled from 'styled-components';
import { theme } from '@/theme/theme';

/** A row of page tabs: put `NavLink`s inside; the active one is underlined in the brand colour. */
export const TabNav = styled.nav`
  display: flex;
  gap: 4px;
  margin-bottom: 16px;
  border-bottom: 1px solid ${theme.color.border};
  overflow-x: auto;
  a {
    padding: 8px 16px;
    color: ${theme.color.subText};
    text-decoration: none;
    border-bottom: 3px solid transparent;
    white-space: nowrap;
  }
  a.active { color: ${theme.color.brandDark}; border-bottom-color: ${theme.color.brand}; font-weight: ${theme.font.bold}; }
`;
