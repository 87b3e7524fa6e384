/** The creator memo forms' rule (the staff memo and a client company's memo) with the spec's message. */
import { z } from '@/lib/zod';
import { FORM_MESSAGES } from '@/lib/forms';

export const MEMO_MAX = 2000;

export const memoSchema = z.object({ memo: z.string().max(MEMO_MAX, FORM_MESSAGES.maxLength(MEMO_MAX)) });
export type MemoFormValues = z.input<typeof memoSchema>;
