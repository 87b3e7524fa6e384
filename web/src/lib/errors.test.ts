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
    expect(ruleMessage('invoice_not_found')).toBe('この登録番号は適格請求書発行事業者として登録されていません');
    expect(ruleMessage('invoice_expired:2025-03-31')).toBe('この登録番号は失効しています（失効日: 2025/3/31）');
    expect(ruleMessage('invoice_cancelled:2024-09-30')).toContain('取消日: 2024/9/30');
    // The registered content is shown, even when it holds a colon.
    expect(ruleMessage('name_not_same:株式会社つむぎ:編集室')).toBe('氏名または名称が登録内容（株式会社つむぎ:編集室）と異なります');
    expect(ruleMessage('kind_not_same:法人')).toBe('個人・法人の区分が登録内容（法人）と異なります');
    expect(ruleMessage('country_not_same:国外')).toBe('居住国が登録内容（国外）と異なります');
    expect(formErrors({ mail_address: ['required', 'email'] })).toEqual({ mail_address: ['必須項目です', '@を含むメールアドレスを入力してください'] });
  });

  it('lists a failure as its message then one line per rule, labelled by field', () => {
    const error = new ValidationError('入力内容に誤りがあります', { title: ['required'], due_date: ['date'] });
    expect(errorLines(error, describeWithLabels({ title: 'タイトル' }))).toEqual(['入力内容に誤りがあります', 'タイトル: 必須項目です', '日時を正しく入力してください']);
    expect(errorLines(new NotFoundError('お探しのデータは存在しません'))).toEqual(['お探しのデータは存在しません']);
  });
});
