/**
 * The reward settings forms: the rates as typed (full-width digits made half-width; the server
 * checks the ranges), and a creator's reduced withholding rate, which needs an id and a rate.
 */
import { z } from '@/lib/zod';
import { toHalfWidthDigits } from '@/lib/format';
import { FORM_MESSAGES } from '@/lib/forms';
import type { RewardSettings } from './types';

const percent = z.string().transform(toHalfWidthDigits);

export const ratesSchema = z.object({ tax: percent, fee: percent });
export type RatesFormValues = z.input<typeof ratesSchema>;
export const ratesFormOf = (s: RewardSettings): RatesFormValues => ({ tax: s.consumptionTaxRatePercent, fee: s.usageFeePercent });

export const reducedRateSchema = z.object({
  userId: z
    .string()
    .transform((v) => Number(toHalfWidthDigits(v)))
    .refine((id) => Number.isInteger(id) && id > 0, FORM_MESSAGES.numeric),
  rate: z.string().refine((v) => v.trim() !== '', FORM_MESSAGES.required).transform(toHalfWidthDigits),
});
export type ReducedRateFormValues = z.input<typeof reducedRateSchema>;
export type ReducedRate = z.output<typeof reducedRateSchema>;
export const emptyReducedRateForm = (): ReducedRateFormValues => ({ userId: '', rate: '' });
