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

/** The head of one record's pages (a creator, a medium): its name as the page title, badges beside it, facts below. */
export const RecordHeader = styled.header`
  background: ${theme.color.white};
  border-top: 5px solid ${theme.color.brand};
  border-radius: 4px;
  padding: 16px 20px;
  margin-bottom: 12px;
  h1 { margin: 0 8px 0 0; font-size: ${theme.font.xxl}; display: inline; }
  p { margin: 6px 0 0; color: ${theme.color.subText}; }
`;
