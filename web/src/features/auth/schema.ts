/** The two-step sign-in form's rule: the mailed code, at most 6 characters, sent trimmed. */
import { z } from '@/lib/zod';
import { requiredText } from '@/lib/form-rules';

export const TWO_STEP_CODE_MAX = 6;

export const twoStepSchema = z.object({ code: requiredText(TWO_STEP_CODE_MAX) });
export type TwoStepFormValues = z.input<typeof twoStepSchema>;
export type TwoStepCode = z.output<typeof twoStepSchema>;
