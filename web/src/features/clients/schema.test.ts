import { describe, expect, it } from 'vitest';
import { mapServerRules } from '@/lib/forms';
import { clientFields, clientInputOf, clientSchema, emptyClientForm, M, type ClientFormValues } from './schema';

const valid: ClientFormValues = {
  ...emptyClientForm(),
  companyName: '株式会社テスト商事',
  companyNameKana: 'カブシキガイシャテストショウジ',
  planId: '2',
  postalCode: '１００-０００１',
  prefectureId: '13',
  address: '千代田区千代田1-1',
  phoneNumber: '03-1234-5678',
  url: 'https://example.jp',
};

/** The message zod gives one field of `values`, or undefined. */
function messageOf(values: ClientFormValues, field: keyof ClientFormValues): string | undefined {
  const result = clientSchema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('client form rules', () => {
  it('accepts a complete company and sends numbers and half-width digits', () => {
    const parsed = clientSchema.parse(valid);
    expect(clientInputOf(parsed)).toMatchObject({ planId: 2, prefectureId: 13, postalCode: '1000001', phoneNumber: '0312345678' });
  });

  it('says what is wrong with each field, in Japanese', () => {
    const empty = emptyClientForm();
    for (const field of ['companyName', 'companyNameKana', 'planId', 'postalCode', 'prefectureId', 'address', 'phoneNumber'] as const) {
      expect(messageOf(empty, field), field).toBe('必須項目です');
    }
    expect(messageOf(empty, 'url')).toBeUndefined();
    expect(messageOf({ ...valid, companyNameKana: 'かぶしき' }, 'companyNameKana')).toBe(M.katakana);
    expect(messageOf({ ...valid, companyName: 'あ'.repeat(101) }, 'companyName')).toBe('100文字以内で入力してください');
    expect(messageOf({ ...valid, postalCode: '123456' }, 'postalCode')).toBe(M.postalDigits);
    expect(messageOf({ ...valid, postalCode: '12a4567' }, 'postalCode')).toBe('半角数字で入力してください');
    expect(messageOf({ ...valid, phoneNumber: '03-1234' }, 'phoneNumber')).toBe(M.phoneDigits);
    expect(messageOf({ ...valid, url: 'example.jp' }, 'url')).toBe('URLを正しく入力してください');
    expect(messageOf({ ...valid, note: 'メ'.repeat(1001) }, 'note')).toBe('1000文字以内で入力してください');
  });

  it('puts the server rules on the form fields and keeps the rest for the alert', () => {
    const mapped = mapServerRules({
      company_name_kana: ['katakana'],
      postal_code: ['digits:7'],
      phone_number: ['digits_between:10,11'],
      plan_id: ['exists'],
      company_name: ['unique'],
      something_else: ['required'],
    }, clientFields);
    expect(mapped.fields).toEqual({
      companyNameKana: '全角カタカナで入力してください',
      postalCode: M.postalDigits,
      phoneNumber: M.phoneDigits,
      planId: M.exists,
      companyName: 'すでに登録されています',
    });
    expect(mapped.unmapped).toEqual(['必須項目です']);
  });
});
