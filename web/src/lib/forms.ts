/**
 * What every react-hook-form + zod form shares: the spec's messages (section 5) for the schema,
 * and putting a server 422's rules on the form's own fields through a screen's field mapping.
 */
import { ruleMessage, type Rules } from './errors';
import { toHalfWidthDigits } from './format';

export const FORM_MESSAGES = {
  required: '必須項目です',
  atLeastOne: '1つ以上選択してください',
  maxLength: (n: number) => `${n}文字以内で入力してください`,
  maxItems: (n: number) => `${n}件以内で入力してください`,
  numeric: '半角数字で入力してください',
  date: '正しい日付を入力してください',
  url: 'URLを正しく入力してください',
  fallback: '入力内容を確認してください',
} as const;

/** Where a server field's error goes on the form, and (optionally) how it is worded there. */
export interface FieldTarget {
  /** null: no field shows it, but the screen words the message (it goes to the alert). */
  field: string | null;
  message?: string;
}

/** A screen's mapping from the server's field names to its form fields (null: not on the form). */
export type FieldMapping = (serverField: string, rule: string) => FieldTarget | string | null;

export interface MappedErrors {
  /** Form field → the first message for it. */
  fields: Record<string, string>;
  /** Messages of rules no field shows, for the form's alert. */
  unmapped: string[];
}

/** Sorts a 422's rules onto the form's fields; what no field shows is listed apart. */
export function mapServerRules(rules: Rules, mapping: FieldMapping): MappedErrors {
  const fields: Record<string, string> = {};
  const unmapped: string[] = [];
  for (const [serverField, list] of Object.entries(rules)) {
    for (const rule of list) {
      const target = mapping(serverField, rule);
      const resolved = typeof target === 'string' ? { field: target } : target;
      const message = resolved?.message ?? ruleMessage(rule);
      if (!resolved || resolved.field === null) {
        if (!unmapped.includes(message)) unmapped.push(message);
      } else if (!(resolved.field in fields)) {
        fields[resolved.field] = message;
      }
    }
  }
  return { fields, unmapped };
}

/** Puts mapped errors on a react-hook-form (`setError`), returning the unmapped messages. */
export function applyServerRules(rules: Rules, mapping: FieldMapping, setError: (field: never, error: { type: string; message: string }) => void): string[] {
  const { fields, unmapped } = mapServerRules(rules, mapping);
  for (const [field, message] of Object.entries(fields)) setError(field as never, { type: 'server', message });
  return unmapped;
}

/** A text input's value with full-width digits made half-width and the ends trimmed. */
export const normalizeDigits = (value: string): string => toHalfWidthDigits(value.trim());

const KATAKANA = /^[ァ-ヺーヽヾ \u3000]+$/;
const KATAKANA_LETTER = /[ァ-ヺ]/;
/** Full-width katakana (with the prolonged sound mark and spaces), at least one letter: readings of names. */
export const isKatakana = (value: string): boolean => KATAKANA.test(value) && KATAKANA_LETTER.test(value);

/** Half-width digits with hyphens, spaces and brackets dropped (phone numbers). */
export const normalizePhone = (value: string): string => toHalfWidthDigits(value).replace(/[-－ー‐\s()（）]/g, '');
