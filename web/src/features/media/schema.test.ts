import { describe, expect, it } from 'vitest';
import { mapServerRules } from '@/lib/forms';
import { M, mediaFields, OPTION_PAYMENT_FIELDS, optionPaymentInputOf, optionPaymentSchema, parseYen } from './schema';

const messageOf = (amount: string) => {
  const result = optionPaymentSchema.safeParse({ title: '特集追加', amount, targetMonth: '2026-11', note: '' });
  return result.success ? undefined : result.error.issues[0].message;
};

describe('option payment rules', () => {
  it('takes whole positive yen, full-width digits and commas included', () => {
    expect(parseYen('３０,０００円')).toBe(30000);
    expect(messageOf('30000')).toBeUndefined();
    expect(messageOf('')).toBe('必須項目です');
    expect(messageOf('0')).toBe(M.amountPositive);
    expect(messageOf('-5')).toBe(M.amountPositive);
    expect(messageOf('1.5')).toBe(M.integer);
    expect(messageOf('100000001')).toBe(M.amountMax);
    const parsed = optionPaymentSchema.parse({ title: 'a', amount: '1,000', targetMonth: '2026-02', note: '' });
    expect(optionPaymentInputOf(parsed)).toEqual({ title: 'a', amount: 1000, targetYear: 2026, targetMonth: 2, note: '' });
  });

  it('maps the server amount and month rules onto the form', () => {
    const mapped = mapServerRules({ amount: ['gt:0'], target_year: ['between:2000,2100'], title: ['required'] }, mediaFields(OPTION_PAYMENT_FIELDS));
    expect(mapped.fields).toEqual({ amount: M.amountPositive, targetMonth: M.exists, title: '必須項目です' });
  });
});
