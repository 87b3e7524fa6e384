/** The named version form's rule (「初稿」「修正稿」…) with the spec's messages, and where a 422 of it goes. */
import { z } from '@/lib/zod';
import { FORM_MESSAGES, type FieldMapping } from '@/lib/forms';

export const VERSION_NAME_MAX = 50;

export const versionSchema = z.object({
  name: z.string().trim().min(1, FORM_MESSAGES.required).max(VERSION_NAME_MAX, FORM_MESSAGES.maxLength(VERSION_NAME_MAX)),
});
export type VersionFormValues = z.input<typeof versionSchema>;

/** `POST /manuscripts/{id}/versions`: the name's rules go on the name; anything else to the alert. */
export const versionFields: FieldMapping = (field) => (field === 'name' ? 'name' : null);
