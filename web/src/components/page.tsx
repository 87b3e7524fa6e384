import styled from 'styled-components';
import { theme } from '@/theme/theme';

export const PageTitle = styled.h1`
  font-size: ${theme.font.xxl};
  margin: 0 0 20px;
`;

export const Muted = styled.p`
  color: ${theme.color.subText};
`;

export const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 16px;
  font-weight: ${theme.font.bold};
  input, textarea, select {
    font: inherit;
    font-weight: ${theme.font.regular};
    padding: 8px 10px;
    border: 1px solid ${theme.color.border};
    border-radius: 4px;
  }
`;

export const ErrorText = styled.p`
  color: ${theme.color.alert};
  margin: 8px 0;
`;
