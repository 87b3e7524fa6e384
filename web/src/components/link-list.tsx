import { Link } from 'react-router';
import styled from 'styled-components';
import { theme } from '@/theme/theme';
import { CardGrid } from './list';

const Grid = styled(CardGrid)`
  a {
    display: flex;
    justify-content: space-between;
    align-items: center;
    padding: 12px 14px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.button.radius}px;
    color: ${theme.color.text};
    text-decoration: none;
    background: ${theme.color.white};
    &::after { content: '›'; color: ${theme.color.subText}; font-size: ${theme.font.lg}; }
    &:hover { border-color: ${theme.color.brand}; color: ${theme.color.brandDark}; }
    &:focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: 2px; }
  }
`;

/** A menu of places (the staff functions and the like): one tile per link, no bullets. */
export function LinkList({ links }: { links: { label: string; to: string }[] }) {
  return (
    <Grid $min={200} $gap={8}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>{link.label}</Link>
        </li>
      ))}
    </Grid>
  );
}
