import { expect, test } from '@playwright/test';
import { logIn } from './support/session';

test('the client sees its projects and the important counts in the header', async ({ page }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  await expect(page.getByTestId('project-list').getByRole('listitem')).toHaveCount(5);
  await expect(page.getByTestId('project-list')).toContainText('検収中');
  await expect(page.getByTestId('applying-count')).toHaveText('4');
  await expect(page.getByTestId('under-acceptance-count')).toHaveText('2');
});

test('searching projects replaces the list', async ({ page }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  await page.getByLabel('キーワード').fill('京都');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('project-list').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('project-list')).toContainText('秋の京都さんぽ 取材記事');
});
