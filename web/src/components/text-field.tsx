import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlBox, FieldShell, type FieldProps, useFieldIds } from './form-field';

const Input = styled.input`
  ${controlBox}
`;
const Area = styled.textarea`
  ${controlBox}
  resize: vertical;
  line-height: 1.6;
`;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;
type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

/** A labelled one-line input (text, number-like text, URL, mail, password, date-time). */
export function TextField({ label, hideLabel, hint, error, required, id, className, ...input }: FieldProps & InputProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell label={label} hideLabel={hideLabel} hint={hint} error={error} required={required} className={className} ids={ids}>
      <Input {...input} id={ids.controlId} aria-invalid={error ? true : input['aria-invalid']} aria-describedby={ids.describedBy} aria-required={required || undefined} />
    </FieldShell>
  );
}

/** A labelled multi-line input. */
export function TextArea({ label, hideLabel, hint, error, required, id, className, rows = 4, ...area }: FieldProps & AreaProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell label={label} hideLabel={hideLabel} hint={hint} error={error} required={required} className={className} ids={ids}>
      <Area {...area} id={ids.controlId} rows={rows} aria-invalid={error ? true : area['aria-invalid']} aria-describedby={ids.describedBy} aria-required={required || undefined} />
    </FieldShell>
  );
}
