/** The rules of the work page, kept pure so they are easy to prove. */
import { type AppError, ValidationError } from '@/lib/errors';

/** A refused spreadsheet: every cell's messages as "セル C4: …" (the server words them in Japanese). */
export function cellErrorLines(error: AppError | null): string[] {
  if (!(error instanceof ValidationError)) return [];
  return Object.entries(error.rules).flatMap(([cell, messages]) => messages.map((message) => `セル ${cell}: ${message}`));
}
