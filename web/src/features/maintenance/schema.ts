/**
 * The maintenance form: the message's limit said again as a schema (the window itself is the
 * server's to check, and it answers in Japanese), and where a 422's rules go on the form.
 */
import { z } from '@/lib/zod';
import { ruleMessage } from '@/lib/errors';
import { type FieldMapping } from '@/lib/forms';
import { untrimmedText } from '@/lib/form-rules';

/** The longest message the server takes. */
export const MESSAGE_MAX = 500;

export const maintenanceSchema = z.object({
  message: untrimmedText(MESSAGE_MAX),
  /** `datetime-local` values, Tokyo time; empty when not given. */
  start: z.string(),
  end: z.string(),
});

export type MaintenanceFormValues = z.input<typeof maintenanceSchema>;

export const emptyMaintenanceForm = (): MaintenanceFormValues => ({ message: 'システムメンテナンスのため、サービスを一時停止します。', start: '', end: '' });

const RULES: Record<string, string> = {
  'after:start_datetime': '終了日時は開始日時より後にしてください',
  'after:now': '終了日時は現在より後にしてください',
  overlap: 'ほかのメンテナンスと期間が重なっています',
};
const FIELDS: Record<string, keyof MaintenanceFormValues> = { message: 'message', start_datetime: 'start', end_datetime: 'end' };

/** Where a 422 of scheduling or starting maintenance goes on the form, worded for it. */
export const maintenanceFields: FieldMapping = (serverField, rule) => ({ field: FIELDS[serverField] ?? null, message: RULES[rule] ?? ruleMessage(rule) });
