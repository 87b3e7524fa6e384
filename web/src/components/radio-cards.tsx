import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';
import { visuallyHidden } from './form-field';

export interface RadioCardOption {
  value: string;
  label: string;
  description?: ReactNode;
  /** An emoji or icon before the label. */
  icon?: string;
}

const Group = styled.fieldset`
  border: none;
  margin: 0 0 16px;
  padding: 0;
  min-width: 0;
  legend { font-weight: ${theme.font.bold}; padding: 0; margin-bottom: 6px; }
`;
const Cards = styled.div<{ $min: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${(p) => p.$min}px, 1fr));
  gap: 8px;
`;
const Card = styled.label`
  position: relative;
  display: block;
  cursor: pointer;
  input { ${visuallyHidden} }
  > span {
    display: flex;
    flex-direction: column;
    gap: 2px;
    height: 100%;
    padding: 10px 12px;
    border: 1.5px solid ${theme.color.border};
    border-radius: ${theme.button.radius}px;
    background: ${theme.color.white};
    transition: border-color 0.15s, background 0.15s;
  }
  small { color: ${theme.color.subText}; font-size: ${theme.font.sm}; }
  &:hover > span { border-color: ${theme.color.borderHover}; }
  input:checked + span { border-color: ${theme.color.brand}; background: ${theme.color.brandTint}; font-weight: ${theme.font.bold}; }
  input:checked + span::after {
    content: '✓';
    position: absolute;
    top: 8px;
    right: 10px;
    color: ${theme.color.brand};
  }
  input:focus-visible + span { outline: 2px solid ${theme.color.brand}; outline-offset: 2px; }
  input:disabled + span { opacity: 0.5; cursor: not-allowed; }
`;

interface RadioCardsProps {
  legend: string;
  options: RadioCardOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Narrowest card (px). */
  minCardWidth?: number;
}

/** One choice among a few, as native radios drawn as cards (arrow keys move between them). */
export function RadioCards({ legend, options, value, onChange, disabled, minCardWidth = 140 }: RadioCardsProps) {
  const name = useId();
  return (
    <Group disabled={disabled}>
      <legend>{legend}</legend>
      <Cards $min={minCardWidth}>
        {options.map((option) => (
          <Card key={option.value}>
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>
              <span>
                {option.icon && <span aria-hidden>{option.icon} </span>}
                {option.label}
              </span>
              {option.description && <small>{option.description}</small>}
            </span>
          </Card>
        ))}
      </Cards>
    </Group>
  );
}
