import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { AppError, ValidationError } from '@/lib/errors';
import { applyServerRules, type FieldMapping } from '@/lib/forms';

/** A failed submit: the error, and the messages of rules no field of the form shows. */
export interface FormFailure {
  error: AppError;
  lines: string[];
}

type SetError = (field: never, error: { type: string; message: string }) => void;

/**
 * The one way a react-hook-form form meets the server's answer. `run` makes the call; when it
 * fails, a 422's rules go onto the form's fields through the screen's `mapping`, and what no field
 * shows (or any other failure, as `fallback` when it is not an `AppError`) goes to `alert`, the
 * form's alert. `fail` records a failure a store caught instead of throwing.
 */
export function useServerErrors(mapping: FieldMapping, setError: SetError, fallback: string) {
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const fail = (cause: unknown) => {
    const error = cause instanceof AppError ? cause : new AppError(fallback);
    const lines = error instanceof ValidationError ? applyServerRules(error.rules, mapping, setError) : [];
    setFailure({ error, lines });
  };
  const run = async <R,>(call: () => Promise<R>): Promise<R | null> => {
    setFailure(null);
    try {
      return await call();
    } catch (cause) {
      fail(cause);
      return null;
    }
  };
  const alert = failure ? <ErrorAlert error={failure.error} lines={failure.lines} /> : null;
  return { failure, run, fail, alert };
}
