import { describeWithLabels, errorLines, formErrors, ruleMessage, ValidationError, NotFoundError } from './errors';

describe('rule messages', () => {
  it('turns server rule strings into Japanese form messages', () => {
    expect(ruleMessage('required')).toBe('必須項目です');
    expect(ruleMessage('min:8')).toBe('8文字以上で入力してください');
    expect(ruleMessage('max:255')).toBe('255文字以内で入力してください');
    expect(ruleMessage('name_not_same')).toContain('氏名');
    expect(ruleMessage('something_new')).toBe('入力内容を確認してください');
    expect(ruleMessage('digits:7')).toBe('7桁の半角数字で入力してください');
    expect(ruleMessage('katakana')).toBe('全角カタカナで入力してください');
    expect(ruleMessage('invoice_number')).toContain('13桁');
    expect(ruleMessage('invoice_check_digit')).toContain('登録番号が正しくありません');
    expect(formErrors({ mail_address: ['required', 'email'] })).toEqual({ mail_address: ['必須項目です', '@を含むメールアドレスを入力してください'] });
  });

  it('lists a failure as its message then one line per rule, labelled by field', () => {
    const error = new ValidationError('入力内容に誤りがあります', { title: ['required'], due_date: ['date'] });
    expect(errorLines(error, describeWithLabels({ title: 'タイトル' }))).toEqual(['入力内容に誤りがあります', 'タイトル: 必須項目です', '日時を正しく入力してください']);
    expect(errorLines(new NotFoundError('お探しのデータは存在しません'))).toEqual(['お探しのデータは存在しません']);
  });
});
