import { ValidationError } from '@/lib/errors';
import { describeTaskRule } from '@/lib/tasks';
import { cellErrorLines } from './logic';

describe('task messages', () => {
  it('words refused moves and spreadsheet cells in Japanese', () => {
    expect(describeTaskRule('status', 'transition:done,under_acceptance')).toBe('タスクを「完了」から「検収中」には変更できません');
    expect(describeTaskRule('title', 'required')).toBe('必須項目です');
    const error = new ValidationError('入力内容に誤りがあります', { C4: ['タイトルは255文字以内で入力してください'], B3: ['作業種別「x」は選択肢にありません', '別の誤り'] });
    expect(cellErrorLines(error)).toEqual(['セル C4: タイトルは255文字以内で入力してください', 'セル B3: 作業種別「x」は選択肢にありません', 'セル B3: 別の誤り']);
    expect(cellErrorLines(null)).toEqual([]);
  });
});
