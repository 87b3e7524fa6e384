import { badgeText, setPageTitle, setUnreadCount, titleWithCount } from './tab-badge';

describe('tab badge', () => {
  it('counts unread messages before the page title', () => {
    expect(titleWithCount('Tsumugi', 3)).toBe('(3) Tsumugi');
    expect(titleWithCount('Tsumugi', 0)).toBe('Tsumugi');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });

  it('keeps the count when the page changes and drops it at zero', () => {
    setPageTitle('チャット | Tsumugi');
    setUnreadCount(3);
    expect(document.title).toBe('(3) チャット | Tsumugi');
    setPageTitle('タスク一覧 | Tsumugi');
    expect(document.title).toBe('(3) タスク一覧 | Tsumugi');
    setUnreadCount(0);
    expect(document.title).toBe('タスク一覧 | Tsumugi');
  });
});
