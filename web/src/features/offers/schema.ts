/** The offer template form's rules (the inputs' limits, said again as a schema) with the spec's messages. */
import { z } from '@/lib/zod';
import { requiredText, untrimmedText } from '@/lib/form-rules';
import type { OfferTemplate } from './types';

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_BODY_MAX = 5000;

/** The name is sent trimmed, the body as typed. */
export const offerTemplateSchema = z.object({ name: requiredText(TEMPLATE_NAME_MAX), body: untrimmedText(TEMPLATE_BODY_MAX) });

export type OfferTemplateFormValues = z.input<typeof offerTemplateSchema>;

export const offerTemplateFormOf = (template: OfferTemplate | null): OfferTemplateFormValues => ({ name: template?.name ?? '', body: template?.body ?? '' });
