/** The forms' schemas with the spec's messages (section 5); the server checks the same rules again. */
import { z } from '@/lib/zod';
import { FORM_MESSAGES } from '@/lib/forms';
import { toHalfWidthDigits } from '@/lib/format';

export const DETAIL_MAX = 1000;
export const PORTFOLIO_MAX = 2000;
export const PORTFOLIO_FILES_MAX = 10;
export const ACHIEVEMENT_MAX = 500;
export const TIME_SLOT_MAX = 200;
export const CHILDREN_MAX = 10;
export const QUALIFICATION_MAX = 100;
export const QUALIFICATIONS_MAX = 20;

const maxText = (n: number) => z.string().max(n, { error: FORM_MESSAGES.maxLength(n) });

export const skillSchema = z
  .object({
    genreGroups: z.string().optional(),
    group: z.record(z.string(), z.array(z.number())),
    genreDetail: z.record(z.string(), maxText(DETAIL_MAX)),
  })
  .superRefine((values, ctx) => {
    if (!Object.values(values.group).some((ids) => ids.length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['genreGroups'], message: FORM_MESSAGES.atLeastOne });
    }
  });
export type SkillFormValues = z.infer<typeof skillSchema>;

export const portfolioSchema = z
  .object({
    portfolio: z.object({
      portfolio: maxText(PORTFOLIO_MAX),
      publishability: z.enum(['not_set', 'publishable', 'conditionally_publishable', 'unpublishable']),
    }),
    files: z.array(z.object({ id: z.number(), name: z.string() })).max(PORTFOLIO_FILES_MAX, { error: FORM_MESSAGES.maxItems(PORTFOLIO_FILES_MAX) }),
  })
  .superRefine((values, ctx) => {
    if (values.files.length === 0 && !values.portfolio.portfolio.trim()) {
      ctx.addIssue({ code: 'custom', path: ['portfolio', 'portfolio'], message: FORM_MESSAGES.required });
    }
  });
export type PortfolioFormValues = z.infer<typeof portfolioSchema>;

export const possibleWorksSchema = z.object({
  checkedIds: z.array(z.string()).min(1, { error: FORM_MESSAGES.atLeastOne }),
  work: z.record(z.string(), maxText(ACHIEVEMENT_MAX)),
});
export type PossibleWorksFormValues = z.infer<typeof possibleWorksSchema>;

const digitsOrEmpty = z.string().refine((v) => /^[0-9]*$/.test(toHalfWidthDigits(v.trim())), { error: FORM_MESSAGES.numeric });

export const jobsSchema = z.object({
  occupation: z.string().min(1, { error: FORM_MESSAGES.required }),
  yearsOfExperience: digitsOrEmpty.refine((v) => v.trim() === '' || Number(toHalfWidthDigits(v.trim())) <= 80, { error: '0〜80の範囲で入力してください' }),
  qualifications: z.array(z.object({ value: maxText(QUALIFICATION_MAX) })).max(QUALIFICATIONS_MAX, { error: FORM_MESSAGES.maxItems(QUALIFICATIONS_MAX) }),
  officeSoftware: z.array(z.string()),
});
export type JobsFormValues = z.infer<typeof jobsSchema>;

/** Whether year/month name a month that has begun (a child's birth month). */
export function isPastMonth(year: string, month: string, today: Date = new Date()): boolean {
  const y = Number(toHalfWidthDigits(year.trim()));
  const m = Number(toHalfWidthDigits(month.trim()));
  if (!Number.isInteger(y) || !Number.isInteger(m) || m < 1 || m > 12 || y < 1900) return false;
  return y * 12 + m - 1 <= today.getFullYear() * 12 + today.getMonth();
}

const childSchema = z
  .object({
    year: z.string().min(1, { error: FORM_MESSAGES.required }).pipe(digitsOrEmpty),
    month: z.string().min(1, { error: FORM_MESSAGES.required }).pipe(digitsOrEmpty),
    sexType: z.string().min(1, { error: FORM_MESSAGES.required }),
    birthday: z.string().optional(),
  })
  .superRefine((child, ctx) => {
    const digits = /^[0-9]+$/;
    const year = toHalfWidthDigits(child.year.trim());
    const month = toHalfWidthDigits(child.month.trim());
    if (digits.test(year) && digits.test(month) && !isPastMonth(year, month)) {
      ctx.addIssue({ code: 'custom', path: ['birthday'], message: FORM_MESSAGES.date });
    }
  });

export const attributesSchema = z.object({
  availableTimeSlot: maxText(TIME_SLOT_MAX),
  marriedType: z.string(),
  divorceHistoryType: z.string(),
  canOpenImageType: z.string(),
  familiesType: z.string(),
  childrenTemp: z.array(childSchema).max(CHILDREN_MAX, { error: FORM_MESSAGES.maxItems(CHILDREN_MAX) }),
  publishInformation: z.boolean(),
  annualIncomeId: z.string(),
  householdIncomeId: z.string(),
  chatworkId: z
    .string()
    .max(50, { error: FORM_MESSAGES.maxLength(50) })
    .regex(/^[A-Za-z0-9_.-]*$/, { error: '半角英数字と「_」「-」「.」で入力してください' }),
  /** Level 1–5 by language id; '' when not spoken. */
  languageLevels: z.record(z.string(), z.string()),
  /** URL by social id; '' when none. */
  socials: z.record(z.string(), z.union([z.literal(''), z.url({ protocol: /^https?$/, error: FORM_MESSAGES.url }).max(500, { error: FORM_MESSAGES.maxLength(500) })])),
});
export type AttributesFormValues = z.infer<typeof attributesSchema>;
