/**
 * The staff's bill form for one medium's month: the typed amount read as whole yen, the dates
 * the chosen status needs, and the wording of the server's 422 rules (listed in the form's alert
 * with their labels, as the form has always shown them).
 */
import { z } from '@/lib/zod';
import { describeWithLabels, ruleMessage } from '@/lib/errors';
import { toHalfWidthDigits } from '@/lib/format';
import { FORM_MESSAGES, type FieldMapping } from '@/lib/forms';
import type { MediaPayment, MediaPaymentInput, PaymentStatus } from './types';

/** A typed amount as whole yen: '' is none, anything but digits (commas allowed) is invalid. */
export function parseYen(text: string): number | null | 'invalid' {
  const digits = toHalfWidthDigits(text.trim()).replace(/[,，]/g, '');
  if (digits === '') return null;
  return /^\d{1,12}$/.test(digits) ? Number(digits) : 'invalid';
}

export const mediaPaymentSchema = z
  .object({
    status: z.custom<PaymentStatus>((value) => typeof value === 'string'),
    amount: z.string(),
    invoicedOn: z.string(),
    paidOn: z.string(),
    note: z.string(),
  })
  .superRefine((v, ctx) => {
    // Only what the chosen status shows is checked: an unbilled month sends no amount or dates.
    if (v.status === 'unbilled') return;
    if (parseYen(v.amount) === 'invalid') ctx.addIssue({ code: 'custom', path: ['amount'], message: FORM_MESSAGES.numeric });
    if (!v.invoicedOn) ctx.addIssue({ code: 'custom', path: ['invoicedOn'], message: FORM_MESSAGES.required });
    if (v.status === 'paid' && !v.paidOn) ctx.addIssue({ code: 'custom', path: ['paidOn'], message: FORM_MESSAGES.required });
  });

export type MediaPaymentFormValues = z.input<typeof mediaPaymentSchema>;

export const mediaPaymentFormOf = (p: MediaPayment): MediaPaymentFormValues => ({
  status: p.status,
  amount: p.billedAmount === null ? '' : String(p.billedAmount),
  invoicedOn: p.invoicedOn ?? '',
  paidOn: p.paidOn ?? '',
  note: p.note,
});

/** The request body of a valid form: what the status does not use is left out. */
export function mediaPaymentInputOf(v: MediaPaymentFormValues, year: number, month: number): MediaPaymentInput {
  const billed = v.status !== 'unbilled';
  const yen = parseYen(v.amount);
  return {
    year,
    month,
    status: v.status,
    note: v.note,
    ...(billed && typeof yen === 'number' ? { billedAmount: yen } : {}),
    ...(billed && v.invoicedOn ? { invoicedOn: v.invoicedOn } : {}),
    ...(v.status === 'paid' && v.paidOn ? { paidOn: v.paidOn } : {}),
  };
}

const LABELS: Record<string, string> = {
  year: '対象月',
  month: '対象月',
  status: '請求状況',
  billed_amount: 'ご請求額',
  invoiced_on: '請求日',
  paid_on: '入金日',
  note: '備考',
};

/** The rules this form words itself; the rest are the shared messages. */
function wording(_field: string, rule: string): string {
  const name = rule.split(':')[0];
  if (name === 'gte') return '0円以上で入力してください';
  if (name === 'lte') return '金額が大きすぎます。桁数を確認してください';
  if (name === 'integer') return '半角数字で入力してください';
  if (name === 'after_or_equal') return '請求日以降の日付を入力してください';
  if (name === 'between') return '正しい年月を選んでください';
  return ruleMessage(rule);
}

export const describePaymentRule = describeWithLabels(LABELS, wording);

/** Every refused rule goes to the form's alert, worded with its label ("入金日: …"). */
export const mediaPaymentFields: FieldMapping = (serverField, rule) => ({ field: null, message: describePaymentRule(serverField, rule) });
