/** What every form control shares: its label, hint and error around it, the ids tying them together, and the input look. */
import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '@/theme/theme';

/** Hidden from sight, still read out and focusable (WAI's visually-hidden pattern). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Text only a screen reader reads (a button's name beside its icon). */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;

export const focusRing = css`
  outline: none;
  border-color: ${theme.color.brand};
  box-shadow: ${theme.shadow.focus};
`;

/** The box of a text input, a select trigger, a date field. */
export const controlBox = css`
  width: 100%;
  min-height: ${theme.button.height.default}px;
  padding: 8px 12px;
  font: inherit;
  font-weight: ${theme.font.regular};
  color: ${theme.color.text};
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.button.radius}px;
  transition: border-color 0.15s, box-shadow 0.15s;
  &:hover:not(:disabled) { border-color: ${theme.color.borderHover}; }
  &:focus-visible { ${focusRing} }
  &[aria-invalid='true'] { border-color: ${theme.color.alert}; }
  &:disabled { background: ${theme.color.background}; color: ${theme.color.subText}; cursor: not-allowed; }
  &::placeholder { color: ${theme.color.placeholder}; }
`;

const Wrap = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
  min-width: 0;
`;
const Label = styled.label<{ $hidden: boolean; $required: boolean }>`
  font-weight: ${theme.font.bold};
  ${(p) => p.$hidden && visuallyHidden}
  /* Drawn, not written: the label's text stays the field's name. */
  ${(p) => p.$required && `&::after { content: '必須'; margin-left: 6px; color: ${theme.color.alert}; font-size: ${theme.font.xs}; }`}
`;
const Hint = styled.small`
  color: ${theme.color.subText};
  font-size: ${theme.font.sm};
`;
const Problem = styled.p`
  margin: 0;
  color: ${theme.color.alert};
  font-size: ${theme.font.sm};
`;

export interface FieldProps {
  label: string;
  /** Read out but not drawn (a search box whose purpose the page already shows). */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Shown under the control in red; the control is marked invalid. */
  error?: string | null;
  required?: boolean;
  id?: string;
  className?: string;
}

/** The ids a control needs: its own, its label's, and what describes it. */
export function useFieldIds(id?: string, hint?: ReactNode, error?: string | null) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { controlId, labelId: `${controlId}-label`, hintId, errorId, describedBy };
}

/** Label above, control, then hint and error. */
export function FieldShell({
  label,
  hideLabel = false,
  hint,
  error,
  required,
  className,
  ids,
  children,
}: FieldProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <Wrap className={className}>
      <Label id={ids.labelId} htmlFor={ids.controlId} $hidden={hideLabel} $required={!!required}>
        {label}
      </Label>
      {children}
      {hint && <Hint id={ids.hintId}>{hint}</Hint>}
      {error && (
        <Problem id={ids.errorId} role="alert">
          {error}
        </Problem>
      )}
    </Wrap>
  );
}
