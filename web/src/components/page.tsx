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
