import styled from 'styled-components';
import { theme } from '@/theme/theme';

/** A small rounded label (statuses, types). */
export const Badge = styled.span<{ $tone?: 'brand' | 'muted' | 'alert' }>`
  display: inline-block;
  padding: 2px 8px;
  border-radius: 10px;
  font-size: ${theme.font.sm};
  white-space: nowrap;
  background: ${({ $tone = 'brand' }) => ($tone === 'alert' ? theme.color.alertTint : $tone === 'muted' ? theme.color.background : theme.color.brandTint)};
  color: ${({ $tone = 'brand' }) => ($tone === 'alert' ? theme.color.alert : $tone === 'muted' ? theme.color.subText : theme.color.brandDark)};
`;

/** The red count of unread things (a team's or channel's messages, the bell's notices). */
export const CountBadge = styled.span`
  display: inline-block;
  min-width: 20px;
  padding: 0 6px;
  border-radius: 10px;
  background: ${theme.color.alert};
  color: ${theme.color.white};
  font-size: ${theme.font.xs};
  line-height: 20px;
  text-align: center;
`;
