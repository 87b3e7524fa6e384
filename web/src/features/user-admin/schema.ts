/** The leave process form's rules (a user by id, the step, a reason for staff) with the spec's messages. */
import { z } from '@/lib/zod';
import { FORM_MESSAGES } from '@/lib/forms';
import { idText } from '@/lib/form-rules';

export const LEAVE_REASON_MAX = 1000;

export const leaveSchema = z.object({
  userId: idText(),
  step: z.enum(['banned', 'left']),
  reason: z.string().max(LEAVE_REASON_MAX, FORM_MESSAGES.maxLength(LEAVE_REASON_MAX)),
});
export type LeaveFormValues = z.input<typeof leaveSchema>;
export type LeaveValues = z.output<typeof leaveSchema>;
