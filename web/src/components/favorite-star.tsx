/** The star that marks something (a team) as a favourite of the caller: a toggle button named after what it marks. */
import styled from 'styled-components';
import { theme } from '@/theme/theme';

const Star = styled.button`
  border: none;
  background: none;
  cursor: pointer;
  font-size: ${theme.font.lg};
  color: ${theme.color.warning};
  &:focus-visible { outline: 2px solid ${theme.color.brand}; }
`;

export function FavoriteStar({ name, on, onToggle }: { name: string; on: boolean; onToggle: () => void }) {
  return (
    <Star type="button" aria-label={on ? `${name}をお気に入りから外す` : `${name}をお気に入りに追加`} aria-pressed={on} onClick={onToggle}>
      <span aria-hidden>{on ? '★' : '☆'}</span>
    </Star>
  );
}
