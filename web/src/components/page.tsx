import styled from 'styled-components';
import { theme } from '@/theme/theme';

export const PageTitle = styled.h1`
  font-size: ${theme.font.xxl};
  margin: 0 0 20px;
`;

export const Muted = styled.p`
  color: ${theme.color.subText};
`;

export const ErrorText = styled.p`
  color: ${theme.color.alert};
  margin: 8px 0;
`;

/** A page's title with something beside it (a link, a button), wrapping on narrow screens. */
export const PageHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 12px;
  flex-wrap: wrap;
`;
