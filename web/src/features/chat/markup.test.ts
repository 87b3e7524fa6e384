import { parseInline, plainText, safeHref } from './markup';

describe('markup', () => {
  it('accepts only http and https addresses', () => {
    expect(safeHref('https://example.jp/a')).toBe('https://example.jp/a');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });

  it('reads nothing as markup inside inline code, and mentions inside bold', () => {
    expect(parseInline('`**x** <@1>`')).toEqual([{ type: 'code', text: '**x** <@1>' }]);
    expect(parseInline('**<@1>さん**')).toEqual([{ type: 'bold', children: [{ type: 'mention', userId: 1 }, { type: 'text', text: 'さん' }] }]);
    expect(parseInline('****')).toEqual([{ type: 'text', text: '****' }]);
  });

  it('gives a notification the text without markup, mentions by name', () => {
    expect(plainText('**確認** <@7> `v2`\n- 一\n```\ncode\n```', (id) => (id === 7 ? '佐藤 健' : undefined))).toBe('確認 @佐藤 健 v2\n一\ncode');
  });
});
