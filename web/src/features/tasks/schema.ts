/** The staff task tools' form rules: task ids typed as a list, and the completed date to set on them. */
import { z } from '@/lib/zod';
import { parseIdList } from '@/lib/format';
import { FORM_MESSAGES } from '@/lib/forms';

export const BAD_IDS = 'タスクIDは半角数字をカンマまたは改行で区切って入力してください';

/** Half- or full-width digits separated by commas or line breaks, at least one: the ids, duplicates dropped. */
const taskIds = z.string().transform((text, ctx) => {
  const ids = parseIdList(text);
  if (!ids?.length) {
    ctx.addIssue({ code: 'custom', message: BAD_IDS });
    return z.NEVER;
  }
  return ids;
});

export const invalidTasksSchema = z.object({ taskIds });
export const completedDateSchema = z.object({ taskIds, completedDate: z.string().min(1, FORM_MESSAGES.required) });
export type InvalidTasksFormValues = z.input<typeof invalidTasksSchema>;
export type CompletedDateFormValues = z.input<typeof completedDateSchema>;
/** What a valid form hands its submit: the ids parsed. */
export type InvalidTasksValues = z.output<typeof invalidTasksSchema>;
export type CompletedDateValues = z.output<typeof completedDateSchema>;
