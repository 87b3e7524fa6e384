/** The monthly delivery report form's rules: a medium by its id (digits typed full- or half-width), a year and a month. */
import { z } from '@/lib/zod';
import { FORM_MESSAGES } from '@/lib/forms';
import { idText } from '@/lib/form-rules';
import type { NewDeliveryReport } from './types';

export const deliveryReportSchema = z.object({
  mediaId: idText(),
  year: z.string().min(1, FORM_MESSAGES.required),
  month: z.string().min(1, FORM_MESSAGES.required),
});
export type DeliveryReportFormValues = z.input<typeof deliveryReportSchema>;
export type DeliveryReportValues = z.output<typeof deliveryReportSchema>;

/** The request body of a valid form. */
export const newDeliveryReportOf = (values: DeliveryReportValues): NewDeliveryReport => ({
  mediaId: values.mediaId,
  year: Number(values.year),
  month: Number(values.month),
});
