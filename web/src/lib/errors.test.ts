import { formErrors, ruleMessage } from './errors';

describe('rule messages', () => {
  it('turns server rule strings into Japanese form messages', () => {
    expect(ruleMessage('required')).toBe('必須項目です');
    expect(ruleMessage('min:8')).toBe('8文字以上で入力してください');
    expect(ruleMessage('max:255')).toBe('255文字以内で入力してください');
    expect(ruleMessage('name_not_same')).toContain('氏名');
    expect(ruleMessage('something_new')).toBe('入力内容を確認してください');
    expect(formErrors({ mail_address: ['required', 'email'] })).toEqual({ mail_address: ['必須項目です', '@を含むメールアドレスを入力してください'] });
  });
});
