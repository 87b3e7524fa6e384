import styled, { css } from 'styled-components';
import { theme } from '@/theme/theme';

export type ButtonVariant = 'primary' | 'second' | 'warning' | 'default';
export type ButtonSize = 'default' | 'sm' | 'xsm';

const colors: Record<ButtonVariant, string> = {
  primary: theme.color.brand,
  second: theme.color.second,
  warning: theme.color.alert,
  default: theme.color.text,
};

export const Button = styled.button<{ $variant?: ButtonVariant; $outlined?: boolean; $size?: ButtonSize; $minWidth?: number; $flat?: boolean }>`
  ${({ $variant = 'default', $outlined = false, $size = 'default', $minWidth, $flat }) => {
    const color = colors[$variant];
    return css`
      height: ${theme.button.height[$size]}px;
      min-width: ${$minWidth ?? theme.button.minWidth}px;
      padding: 0 16px;
      border-radius: ${$flat ? 0 : theme.button.radius}px;
      border: 1px solid ${$variant === 'default' ? theme.color.border : color};
      background: ${$outlined || $variant === 'default' ? theme.color.white : color};
      color: ${$outlined || $variant === 'default' ? color : theme.color.white};
      font-weight: ${theme.font.bold};
      cursor: pointer;
      &:disabled { opacity: 0.5; cursor: not-allowed; }
    `;
  }}
`;
