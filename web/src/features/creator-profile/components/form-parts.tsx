/** What the creator-information forms share: saving with the server's rules put on the fields, and the small layout pieces. */
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { AppError, ValidationError } from '@/lib/errors';
import { applyServerRules, type FieldMapping } from '@/lib/forms';
import { theme } from '@/theme/theme';

export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 16px;
`;

export const Group = styled.fieldset`
  border: none;
  margin: 0 0 20px;
  padding: 0;
  min-width: 0;
  legend { font-weight: ${theme.font.bold}; padding: 0; margin-bottom: 6px; }
`;

export const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
`;

export const Nested = styled.div`
  margin: 0 0 8px 26px;
  padding-left: 12px;
  border-left: 2px solid ${theme.color.border};
`;

const Problem = styled.p`
  margin: 4px 0 0;
  color: ${theme.color.alert};
  font-size: ${theme.font.sm};
`;

/** An error under a group of controls (checkboxes, rows) that has no single control to describe. */
export function GroupError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <Problem role="alert" id={id}>
      {message}
    </Problem>
  );
}

export function SaveButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <Actions>
      <Button type="submit" $variant="primary" disabled={busy}>
        {label}
      </Button>
    </Actions>
  );
}

/**
 * Runs a save: a 422's rules go onto the form's fields through `mapping` (what no field shows
 * is listed in the alert), any other failure is shown in the alert.
 */
export function useServerSave(mapping: FieldMapping, setError: (field: never, error: { type: string; message: string }) => void) {
  const [error, setFailure] = useState<AppError | null>(null);
  const [lines, setLines] = useState<string[]>([]);
  const run = async <T,>(call: () => Promise<T>): Promise<T | null> => {
    setFailure(null);
    setLines([]);
    try {
      return await call();
    } catch (cause) {
      const failure = cause instanceof AppError ? cause : new AppError('保存に失敗しました。');
      if (failure instanceof ValidationError) setLines(applyServerRules(failure.rules, mapping, setError));
      setFailure(failure);
      return null;
    }
  };
  const alert = <ErrorAlert error={error} lines={lines} />;
  return { run, alert };
}
