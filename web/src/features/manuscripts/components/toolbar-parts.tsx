/** The editor toolbar's bar and buttons (the formatting tools and the image button share them). */
import styled from 'styled-components';
import { theme } from '@/theme/theme';

export const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  padding: 8px;
  border-bottom: 1px solid ${theme.color.border};
  position: sticky;
  top: 0;
  background: ${theme.color.white};
  z-index: 1;
`;
export const Tool = styled.button`
  min-width: 36px;
  height: 32px;
  padding: 0 8px;
  border: 1px solid ${theme.color.border};
  border-radius: 4px;
  background: ${theme.color.white};
  color: ${theme.color.text};
  font-size: ${theme.font.md};
  cursor: pointer;
  &[aria-pressed='true'] { background: ${theme.color.brand}; border-color: ${theme.color.brand}; color: ${theme.color.white}; }
  &:disabled { opacity: 0.5; cursor: default; }
`;
