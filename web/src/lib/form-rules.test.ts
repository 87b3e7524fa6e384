import { idText, requiredText } from './form-rules';
import { FORM_MESSAGES } from './forms';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : (result.error?.issues ?? []).map((i) => i.message));

describe('idText', () => {
  it('reads full- and half-width digits as the number', () => {
    expect(idText().parse(' １２３ ')).toBe(123);
    expect(idText().parse('45')).toBe(45);
  });

  it('asks for a value when empty and for digits when not a positive integer', () => {
    expect(messages(idText().safeParse(''))).toEqual([FORM_MESSAGES.required]);
    for (const typed of ['0', 'abc', '1.5', '-3']) expect(messages(idText().safeParse(typed))).toEqual([FORM_MESSAGES.numeric]);
  });
});

describe('requiredText', () => {
  it('trims, requires a character and keeps to the limit', () => {
    expect(requiredText(3).parse('  ab ')).toBe('ab');
    expect(messages(requiredText(3).safeParse('   '))).toEqual([FORM_MESSAGES.required]);
    expect(messages(requiredText(3).safeParse('abcd'))).toEqual([FORM_MESSAGES.maxLength(3)]);
  });
});
