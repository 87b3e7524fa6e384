/**
 * The client company form's rules (the server's, said again so mistakes show before a round
 * trip) with the spec's messages, and the mapping of the server's 422 rules onto its fields.
 */
import { z } from '@/lib/zod';
import { toCamel } from '@/lib/case';
import { ruleMessage } from '@/lib/errors';
import { FORM_MESSAGES, isKatakana, normalizePhone, type FieldMapping } from '@/lib/forms';
import { toHalfWidthDigits } from '@/lib/format';
import type { ClientDetail, ClientInput } from './types';

export const COMPANY_MAX = 100;
export const ADDRESS_MAX = 255;
export const URL_MAX = 255;
export const NOTE_MAX = 1000;

export const M = {
  ...FORM_MESSAGES,
  katakana: '全角カタカナで入力してください',
  postalDigits: '郵便番号は7桁の半角数字で入力してください',
  phoneDigits: '電話番号は10〜11桁の半角数字で入力してください',
  exists: '選択肢から選んでください',
} as const;

const text = (max: number) => z.string().trim().max(max, M.maxLength(max));
const requiredText = (max: number) => text(max).min(1, M.required);
const requiredId = z.string().min(1, M.required);

/** A postal code as typed: full-width digits, a hyphen and 〒 are accepted. */
export const normalizePostal = (value: string): string => toHalfWidthDigits(value).replace(/[-－ー‐〒\s]/g, '');

export const clientSchema = z.object({
  companyName: requiredText(COMPANY_MAX),
  companyNameKana: requiredText(COMPANY_MAX).refine(isKatakana, M.katakana),
  planId: requiredId,
  postalCode: z
    .string()
    .transform(normalizePostal)
    .superRefine((value, ctx) => {
      const message = !value ? M.required : !/^\d+$/.test(value) ? M.numeric : value.length !== 7 ? M.postalDigits : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  prefectureId: requiredId,
  address: requiredText(ADDRESS_MAX),
  phoneNumber: z
    .string()
    .transform(normalizePhone)
    .superRefine((value, ctx) => {
      const message = !value ? M.required : !/^\d+$/.test(value) ? M.numeric : value.length < 10 || value.length > 11 ? M.phoneDigits : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  url: text(URL_MAX).refine((v) => !v || /^https?:\/\//.test(v), M.url),
  isPublic: z.boolean(),
  note: text(NOTE_MAX),
});

/** The form as it holds it (selects hold strings). */
export type ClientFormValues = z.input<typeof clientSchema>;
export const CLIENT_FIELDS = Object.keys(clientSchema.shape) as (keyof ClientFormValues)[];

export const emptyClientForm = (): ClientFormValues => ({
  companyName: '',
  companyNameKana: '',
  planId: '',
  postalCode: '',
  prefectureId: '',
  address: '',
  phoneNumber: '',
  url: '',
  isPublic: false,
  note: '',
});

export const clientFormOf = (c: ClientDetail): ClientFormValues => ({
  companyName: c.companyName,
  companyNameKana: c.companyNameKana,
  planId: c.planId ? String(c.planId) : '',
  postalCode: c.postalCode,
  prefectureId: c.prefectureId ? String(c.prefectureId) : '',
  address: c.address,
  phoneNumber: c.phoneNumber,
  url: c.url,
  isPublic: c.isPublic,
  note: c.note ?? '',
});

/** The request body of a valid form. */
export function clientInputOf(values: z.output<typeof clientSchema>): ClientInput {
  return { ...values, planId: Number(values.planId), prefectureId: Number(values.prefectureId) };
}

/** The wording of one server rule on this form. */
export function clientRuleMessage(field: string, rule: string): string {
  const [name] = rule.split(':');
  if (name === 'digits' && field === 'postal_code') return M.postalDigits;
  if (name === 'digits_between' && field === 'phone_number') return M.phoneDigits;
  if (name === 'exists') return M.exists;
  return ruleMessage(rule);
}

/** Where a 422 of `POST/PUT /clients` goes on the form (`company_name_kana` → `companyNameKana`). */
export const clientFields: FieldMapping = (serverField, rule) => {
  const field = toCamel(serverField);
  return { field: (CLIENT_FIELDS as string[]).includes(field) ? field : null, message: clientRuleMessage(serverField, rule) };
};
