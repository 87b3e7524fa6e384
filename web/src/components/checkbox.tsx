import type { InputHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';

const Label = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 32px;
  cursor: pointer;
  user-select: none;
  input {
    appearance: none;
    flex-shrink: 0;
    width: 18px;
    height: 18px;
    margin: 0;
    border: 1.5px solid ${theme.color.borderStrong};
    border-radius: 4px;
    background: ${theme.color.white};
    display: grid;
    place-content: center;
    cursor: pointer;
    transition: background 0.15s, border-color 0.15s;
    &::after {
      content: '';
      width: 10px;
      height: 6px;
      border-left: 2px solid ${theme.color.white};
      border-bottom: 2px solid ${theme.color.white};
      transform: translateY(-1px) rotate(-45deg) scale(0);
      transition: transform 0.1s;
    }
    &:checked { background: ${theme.color.brand}; border-color: ${theme.color.brand}; }
    &:checked::after { transform: translateY(-1px) rotate(-45deg) scale(1); }
    &:focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: 2px; }
    &:disabled { opacity: 0.5; cursor: not-allowed; }
  }
`;

/** A native checkbox drawn in the theme; its label is clickable. */
export function Checkbox({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <Label>
      <input type="checkbox" {...input} />
      {label}
    </Label>
  );
}
