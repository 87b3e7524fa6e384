/**
 * Keyboard use (issue 17, WCAG 2.2 AA): the dropdowns open from the keyboard with focus inside,
 * arrow keys move, Escape closes and gives focus back; a modal keeps focus inside and Escape
 * closes it; the composer's mention candidates follow the arrow keys and Escape. Whatever has
 * focus shows it.
 */
import type { Locator, Page } from '@playwright/test';
import { channelPath, demoWorkspace } from './support/chat';
import { expect, test } from './support/fixtures';
import { logIn } from './support/session';

/** Presses Tab until `target` has focus (as a person would reach it), at most 40 times. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('not reachable with Tab');
}

/** The focused element draws a focus indicator (an outline or a ring). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1, shadow: style.boxShadow !== 'none', tag: el.outerHTML.slice(0, 80) };
  });
  expect(ring.outline || ring.shadow, `no visible focus on ${ring.tag}`).toBe(true);
}

test('the user menu and the bell: open from the keyboard, arrows move, Escape closes and gives focus back', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  const menuButton = page.getByTestId('user-menu-button');
  await tabTo(page, menuButton);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'ユーザーメニュー' });
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toHaveText('ログアウト');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  const bell = page.getByTestId('bell');
  await tabTo(page, bell);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'タスクのお知らせ' });
  await expect(panel.getByRole('button', { name: 'すべて既読にする' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByRole('button').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();
});

test('a modal keeps focus inside, Tab wraps, Escape closes it (the logout question on a phone)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  try {
    await logIn(page, 'creator@demo.tsumugi.jp', '/teams');
    await tabTo(page, page.getByTestId('user-menu-button'));
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'ログアウト' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'ログアウトしますか？' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const cancel = dialog.getByRole('button', { name: 'キャンセル' });
    const yes = dialog.getByRole('button', { name: 'はい' });
    await expect(cancel).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Tab');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Still logged in: Escape is "no".
    await expect(page).toHaveURL('/teams');
  } finally {
    await context.close();
  }
});

test('the composer: mention candidates follow the arrow keys, Escape closes them and keeps the text, Enter sends', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  await page.goto(channelPath(await demoWorkspace(page)));
  const composer = page.getByLabel('メッセージを入力');
  await tabTo(page, composer);
  await expectVisibleFocus(page);
  await page.keyboard.type('キーボードで @');
  const list = page.getByRole('listbox', { name: 'メンション候補' });
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  expect(await options.count()).toBeGreaterThan(1);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(composer).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(composer).toHaveValue('キーボードで @');
  await expect(composer).toBeFocused();
  // Shift+Enter is a new line; Enter sends.
  const text = `キーボード送信 ${Date.now()}`;
  await composer.fill('');
  await page.keyboard.type(text);
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('二行目');
  await expect(composer).toHaveValue(`${text}\n二行目`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: text })).toHaveCount(1);
  await expect(composer).toHaveValue('');
});
