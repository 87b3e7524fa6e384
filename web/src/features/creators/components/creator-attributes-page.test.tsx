import { describeAttribute } from './creator-attributes-page';

describe('describeAttribute', () => {
  it('words the stored attributes in Japanese', () => {
    expect(describeAttribute('annualIncomeId', 3)).toBe('400〜600万円');
    expect(describeAttribute('marriedType', 'married')).toBe('既婚');
    expect(describeAttribute('canOpenImageType', 'illustration')).toBe('イラスト');
    expect(describeAttribute('socials', [{ id: 5, url: 'https://blog.example.jp' }])).toBe('ブログ・ホームページ: https://blog.example.jp');
    expect(describeAttribute('children', [{ year: 2020, month: 4, sexType: 'female' }])).toBe('2020年4月生まれ 女性');
    expect(describeAttribute('children', [])).toBe('なし');
    expect(describeAttribute('chatworkId', '')).toBe('未回答');
  });
});
