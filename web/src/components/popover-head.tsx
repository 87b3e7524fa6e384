/** The title row of a dropdown or drawer: its title on the left, actions (close, read all) on the right. */
import styled from 'styled-components';
import { theme } from '@/theme/theme';

export const PopoverHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 8px 12px;
  border-bottom: 1px solid ${theme.color.border};
  font-weight: ${theme.font.bold};
`;
