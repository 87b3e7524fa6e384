/** The offer template form's rules (the inputs' limits, said again as a schema) with the spec's messages. */
import { z } from '@/lib/zod';
import { FORM_MESSAGES } from '@/lib/forms';
import type { OfferTemplate } from './types';

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_BODY_MAX = 5000;

export const offerTemplateSchema = z.object({
  name: z.string().trim().min(1, FORM_MESSAGES.required).max(TEMPLATE_NAME_MAX, FORM_MESSAGES.maxLength(TEMPLATE_NAME_MAX)),
  // The body is sent as typed (no trimming).
  body: z.string().max(TEMPLATE_BODY_MAX, FORM_MESSAGES.maxLength(TEMPLATE_BODY_MAX)),
});

export type OfferTemplateFormValues = z.input<typeof offerTemplateSchema>;

export const offerTemplateFormOf = (template: OfferTemplate | null): OfferTemplateFormValues => ({ name: template?.name ?? '', body: template?.body ?? '' });
