/** The staff task tools' form rules: task ids typed as a list, the completed date to set on them, and editing any task. */
import { z } from '@/lib/zod';
import { parseIdList, toHalfWidthDigits } from '@/lib/format';
import { FORM_MESSAGES } from '@/lib/forms';
import type { AdminTaskChange } from './types';

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

/** The selects offer only the server's closed sets (lib/tasks), so their values are the request's. */
export type TaskType = NonNullable<AdminTaskChange['type']>;
export type TaskStatusValue = NonNullable<AdminTaskChange['status']>;

export const TASK_TITLE_MAX = 200;
export const BAD_REWARD = '報酬は半角数字で入力してください';

/** Editing any task (staff): the form holds what is typed; only what changed is sent (`taskChanges`). */
export const taskUpdateSchema = z.object({
  title: z.string().max(TASK_TITLE_MAX, FORM_MESSAGES.maxLength(TASK_TITLE_MAX)),
  type: z.custom<TaskType>(),
  status: z.custom<TaskStatusValue>(),
  dueDate: z.string(),
  orderDate: z.string(),
  completedDate: z.string(),
  rewardAmount: z.string().refine((v) => !v.trim() || /^\d+$/.test(toHalfWidthDigits(v.trim())), BAD_REWARD),
});
export type TaskForm = z.infer<typeof taskUpdateSchema>;
