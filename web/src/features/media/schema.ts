/**
 * The media form's and the option payment form's rules with the spec's messages, the labels of
 * the media's closed sets, and the mapping of the server's 422 rules onto the fields.
 */
import { z } from '@/lib/zod';
import { toCamel } from '@/lib/case';
import { ruleMessage } from '@/lib/errors';
import { FORM_MESSAGES, type FieldMapping } from '@/lib/forms';
import { toHalfWidthDigits } from '@/lib/format';
import type { MediaDetail, MediaInput, OptionPaymentInput, PaymentSchedule, TeamMemberStatus } from './types';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const URL_MAX = 255;
export const TITLE_MAX = 100;
export const NOTE_MAX = 1000;
export const AMOUNT_MAX = 100_000_000;

export const M = {
  ...FORM_MESSAGES,
  choose: '選択してください',
  amountPositive: '1円以上の金額を入力してください',
  amountMax: '1億円以下の金額を入力してください',
  integer: '半角数字（整数）で入力してください',
  exists: '選択肢から選んでください',
} as const;

export const PAYMENT_SCHEDULE_LABEL: Record<PaymentSchedule, string> = { daily: '日払い', weekly: '週払い', last_day_of_month: '月末払い' };

export const MEMBER_STATUS_LABEL: Record<TeamMemberStatus, string> = {
  temporary: '仮登録',
  offered: 'オファー中',
  negotiating: '交渉中',
  assignable: 'アサイン可',
  declined: '辞退',
  left: '退会',
};

const text = (max: number) => z.string().trim().max(max, M.maxLength(max));

export const mediaSchema = z.object({
  name: text(NAME_MAX).min(1, M.required),
  description: text(DESCRIPTION_MAX),
  url: text(URL_MAX).refine((v) => !v || /^https?:\/\//.test(v), M.url),
  genreGroupId: z.string().min(1, M.choose),
  genreIds: z.array(z.number()),
  searchTagIds: z.array(z.number()),
  managerIds: z.array(z.number()),
  paymentSchedule: z.enum(['daily', 'weekly', 'last_day_of_month', '']).refine((v) => v !== '', M.choose),
});
export type MediaFormValues = z.input<typeof mediaSchema>;
export const MEDIA_FIELDS = Object.keys(mediaSchema.shape);

export const emptyMediaForm = (): MediaFormValues => ({
  name: '',
  description: '',
  url: '',
  genreGroupId: '',
  genreIds: [],
  searchTagIds: [],
  managerIds: [],
  paymentSchedule: 'last_day_of_month',
});

export const mediaFormOf = (m: MediaDetail): MediaFormValues => ({
  name: m.name,
  description: m.description,
  url: m.url,
  genreGroupId: m.genreGroup ? String(m.genreGroup.id) : '',
  genreIds: m.genreIds,
  searchTagIds: m.searchTagIds,
  managerIds: m.managerIds,
  paymentSchedule: m.paymentSchedule,
});

export const mediaInputOf = (v: z.output<typeof mediaSchema>): MediaInput => ({ ...v, genreGroupId: Number(v.genreGroupId) });

/** A whole number of yen as typed: full-width digits and thousands commas accepted. */
export const parseYen = (value: string): number | null => {
  const digits = toHalfWidthDigits(value.trim()).replace(/[,，円¥￥]/g, '');
  return /^-?\d+$/.test(digits) ? Number(digits) : null;
};

export const optionPaymentSchema = z.object({
  title: text(TITLE_MAX).min(1, M.required),
  amount: z.string().superRefine((value, ctx) => {
    const yen = parseYen(value);
    const message = !value.trim() ? M.required : yen === null ? M.integer : yen <= 0 ? M.amountPositive : yen > AMOUNT_MAX ? M.amountMax : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  targetMonth: z.string().regex(/^\d{4}-\d{2}$/, M.choose),
  note: text(NOTE_MAX),
});
export type OptionPaymentFormValues = z.input<typeof optionPaymentSchema>;
export const OPTION_PAYMENT_FIELDS = Object.keys(optionPaymentSchema.shape);

export function optionPaymentInputOf(v: z.output<typeof optionPaymentSchema>): OptionPaymentInput {
  const [year, month] = v.targetMonth.split('-').map(Number);
  return { title: v.title, amount: parseYen(v.amount) ?? 0, targetYear: year, targetMonth: month, note: v.note };
}

/** The wording of one server rule on these forms. */
export function mediaRuleMessage(rule: string): string {
  const [name] = rule.split(':');
  switch (name) {
    case 'gt':
      return M.amountPositive;
    case 'lte':
      return M.amountMax;
    case 'integer':
      return M.integer;
    case 'exists':
    case 'in':
    case 'between':
      return M.exists;
    default:
      return ruleMessage(rule);
  }
}

/** Server fields of the option payment that sit on another form field. */
const OPTION_PAYMENT_ALIASES: Record<string, string> = { target_year: 'targetMonth', target_month: 'targetMonth' };

/** Where a 422 goes on a form that has `fields` (`genre_group_id` → `genreGroupId`). */
export const mediaFields =
  (fields: readonly string[]): FieldMapping =>
  (serverField, rule) => {
    const field = OPTION_PAYMENT_ALIASES[serverField] ?? toCamel(serverField);
    return { field: fields.includes(field) ? field : null, message: mediaRuleMessage(rule) };
  };

/** A medium manager's role as stored (`manager`, `admin`, `client`). */
export const managerRoleLabel = (role: string): string => ({ manager: 'マネージャー', admin: '管理者', accountant: '経理', client: 'クライアント' })[role] ?? role;
