/** The answer form: four scores from 1 to 5 and a comment of at most 1000 characters. */
import { z } from '@/lib/zod';
import { FORM_MESSAGES } from '@/lib/forms';

export const COMMENT_MAX = 1000;

/** The criteria a client rates, in the order the form asks them. */
export const CRITERIA = [
  { key: 'quality', label: '品質', hint: '成果物の質は期待どおりでしたか' },
  { key: 'deadline', label: '納期遵守', hint: '納期やスケジュールは守られましたか' },
  { key: 'communication', label: 'コミュニケーション', hint: '連絡・報告・相談はスムーズでしたか' },
  { key: 'rehire', label: 'また依頼したいか', hint: '次の案件もお願いしたいですか' },
] as const;

export type CriterionKey = (typeof CRITERIA)[number]['key'];

export const SCORE_LABELS = ['', '不満', 'やや不満', '普通', '満足', '大変満足'] as const;

const score = z.number({ error: FORM_MESSAGES.required }).int().min(1, FORM_MESSAGES.required).max(5, FORM_MESSAGES.required);

export const answerSchema = z.object({
  quality: score,
  deadline: score,
  communication: score,
  rehire: score,
  comment: z.string().max(COMMENT_MAX, FORM_MESSAGES.maxLength(COMMENT_MAX)),
});

export type AnswerValues = z.infer<typeof answerSchema>;
