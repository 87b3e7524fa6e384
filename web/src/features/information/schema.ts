/**
 * The information form's rules (the server's, said again so mistakes show before a round trip)
 * with the spec's messages, and the mapping of the server's 422 rules onto its fields.
 */
import { z } from '@/lib/zod';
import { FORM_MESSAGES, type FieldMapping } from '@/lib/forms';
import { localInputToTokyo } from '@/lib/format';
import type { AudienceRole, InformationInput } from './types';

export const TITLE_MAX = 100;
export const BODY_MAX = 5000;
export const URL_MAX = 2000;

export const M = {
  ...FORM_MESSAGES,
  bodyOrUrl: '本文かURLのどちらかを入力してください',
  notPast: '現在以降の日時を入力してください',
  choice: '選択肢から選んでください',
} as const;

/** Every role a post may be for, as the form offers them. */
export const AUDIENCE_CHOICES: { value: AudienceRole; label: string }[] = [
  { value: 'general', label: 'クリエイター' },
  { value: 'editor_assistant', label: '編集アシスタント' },
  { value: 'client', label: 'クライアント' },
  { value: 'manager', label: 'マネージャー' },
  { value: 'accountant', label: '経理' },
  { value: 'admin', label: '管理者' },
];

/** 「クリエイター・クライアント」, or 「全員」 for a post with no audience. */
export const audienceLabel = (roles: AudienceRole[] | undefined): string =>
  !roles || roles.length === 0 ? '全員' : AUDIENCE_CHOICES.filter((c) => roles.includes(c.value)).map((c) => c.label).join('・');

export const informationSchema = z
  .object({
    title: z.string().trim().min(1, M.required).max(TITLE_MAX, M.maxLength(TITLE_MAX)),
    body: z.string().trim().max(BODY_MAX, M.maxLength(BODY_MAX)),
    url: z
      .string()
      .trim()
      .max(URL_MAX, M.maxLength(URL_MAX))
      .refine((v) => !v || /^https?:\/\/\S+$/.test(v), M.url),
    audienceRoles: z.array(z.string()),
    /** A `datetime-local` value in Tokyo time; empty means now. */
    scheduledStartDate: z.string().refine((v) => !v || !Number.isNaN(Date.parse(localInputToTokyo(v))), M.date),
  })
  .superRefine((values, ctx) => {
    if (!values.body && !values.url) ctx.addIssue({ code: 'custom', path: ['body'], message: M.bodyOrUrl });
  });

export type InformationFormValues = z.input<typeof informationSchema>;

/** `yyyy-MM-ddTHH:mm` of `now` in Tokyo, the start the form proposes. */
export function tokyoLocalInput(now: Date): string {
  const tokyo = new Date(now.getTime() + 9 * 60 * 60 * 1000);
  return tokyo.toISOString().slice(0, 16);
}

export const emptyInformationForm = (now: Date): InformationFormValues => ({
  title: '',
  body: '',
  url: '',
  audienceRoles: [],
  scheduledStartDate: tokyoLocalInput(now),
});

export const informationInputOf = (values: z.output<typeof informationSchema>): InformationInput => ({
  title: values.title,
  body: values.body || null,
  url: values.url || null,
  audienceRoles: values.audienceRoles as AudienceRole[],
  scheduledStartDate: values.scheduledStartDate ? localInputToTokyo(values.scheduledStartDate) : null,
});

/** The server's fields onto the form's, worded for this form. */
export const informationFields: FieldMapping = (field, rule) => {
  const name = rule.split(':')[0];
  switch (field) {
    case 'title':
      return 'title';
    case 'body':
    case 'url':
      return name === 'required_without' ? { field: 'body', message: M.bodyOrUrl } : field;
    case 'audience_roles':
      return { field: 'audienceRoles', message: M.choice };
    case 'scheduled_start_date':
      return { field: 'scheduledStartDate', message: name === 'after_or_equal' ? M.notPast : M.date };
    default:
      return null;
  }
};
