import styled from 'styled-components';
import { type AppError, errorLines } from '@/lib/errors';
import { theme } from '@/theme/theme';

const Box = styled.div`
  color: ${theme.color.alert};
  background: ${theme.color.alertTint};
  border-radius: 4px;
  padding: 8px 12px;
  margin: 8px 0;
  p { margin: 0; }
  ul { margin: 4px 0 0; padding-left: 20px; }
`;

interface Props {
  error: AppError | null | undefined;
  /** Words one rule for this screen; defaults to the generic rule messages. */
  describe?: (field: string, rule: string) => string;
  /** Ready-made lines instead of the error's own (e.g. spreadsheet cells). */
  lines?: string[];
}

/** A failure in `role="alert"`: its message and, for a 422, every rule as a line. */
export function ErrorAlert({ error, describe, lines }: Props) {
  if (!error) return null;
  const [message, ...rest] = errorLines(error, describe);
  const details = lines ?? rest;
  return (
    <Box role="alert">
      <p>{message}</p>
      {details.length > 0 && (
        <ul>
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </Box>
  );
}
