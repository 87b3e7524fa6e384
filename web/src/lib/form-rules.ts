/**
 * The zod rules several forms share (the spec's messages from `FORM_MESSAGES`). Apart from
 * `lib/forms.ts` because they import zod: `forms.ts` is reached from the shared components the
 * login page loads (`components/server-errors.tsx`), and zod must stay out of that page's budget
 * (`e2e/budgets.spec.ts`); this module is kept out of the `kit` chunk (`vite.config.ts`).
 */
import { FORM_MESSAGES, normalizeDigits } from './forms';
import { z } from './zod';

/** A required text, trimmed, of at most `max` characters (the spec's messages). */
export const requiredText = (max: number) => z.string().trim().min(1, FORM_MESSAGES.required).max(max, FORM_MESSAGES.maxLength(max));

/** An optional text of at most `max` characters, kept as typed (bodies and descriptions). */
export const untrimmedText = (max: number) => z.string().max(max, FORM_MESSAGES.maxLength(max));

/** A record's id typed by hand (full- or half-width digits): required, then a positive integer; the number. */
export const idText = () =>
  z
    .string()
    .transform(normalizeDigits)
    .superRefine((value, ctx) => {
      const message = !value ? FORM_MESSAGES.required : !/^\d+$/.test(value) || Number(value) <= 0 ? FORM_MESSAGES.numeric : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform(Number);
