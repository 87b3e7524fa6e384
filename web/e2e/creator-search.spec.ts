import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn } from './support/session';

// Demo creators in エンタメ who accept work (api/src/seed/creators.rs).
const ENTERTAINMENT_ACCEPTING = ['上田 結衣', '加藤 湊', '清水 美月', '西村 大翔'];
const creatorId = (name: string) => `(select id from users where user_name = '${name}' and role in ('general', 'editor_assistant'))`;

// Other specs expect the demo creators as seeded.
test.afterEach(() => {
  psqlRun(
    `delete from creator_client_memos where user_id = ${creatorId('加藤 湊')};
     delete from creator_manager_memos where user_id = ${creatorId('加藤 湊')};
     delete from creator_ng_combinations where low_user_id = ${creatorId('加藤 湊')} or high_user_id = ${creatorId('加藤 湊')}`,
  );
});

test('a client searches creators by genre and availability, opens one and keeps a memo', async ({ page }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  await page.goto('/users/search');
  await expect(page.getByRole('heading', { name: 'ユーザー検索' })).toBeVisible();
  await expect(page.getByTestId('creator-card').first()).toBeVisible();

  const filters = page.getByRole('form', { name: '検索条件' });
  await filters.getByRole('checkbox', { name: 'エンタメ', exact: true }).check();
  await filters.getByRole('group', { name: '受付状況' }).getByRole('checkbox', { name: '受付中', exact: true }).check();
  await filters.getByRole('button', { name: '検索する' }).click();

  await expect(page).toHaveURL(/genre_ids%5B%5D=10/);
  await expect(page).toHaveURL(/work_statuses%5B%5D=accepting/);
  await expect(page.getByTestId('search-total')).toHaveText('4人のクリエイター');
  const cards = page.getByTestId('creator-card');
  await expect(cards).toHaveCount(4);
  const names = (await cards.getByRole('link').allTextContents()).sort();
  expect(names).toEqual([...ENTERTAINMENT_ACCEPTING].sort());
  for (const status of await cards.getByTestId('work-status').allTextContents()) expect(status).toBe('受付中');

  // The query lives in the URL: a reload keeps the filter and its results.
  await page.reload();
  await expect(page.getByTestId('creator-card')).toHaveCount(4);
  await expect(page.getByRole('checkbox', { name: 'エンタメ', exact: true })).toBeChecked();

  // Nothing matches: the page says what to change.
  await page.getByLabel('キーワード').fill('存在しないキーワード');
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(page.getByTestId('search-empty')).toContainText('キーワードを短くするか別の言葉にする');
  await page.goBack();
  await expect(page.getByTestId('creator-card')).toHaveCount(4);

  await page.getByRole('link', { name: '加藤 湊' }).click();
  await expect(page).toHaveURL(/\/creators\/\d+$/);
  await expect(page.getByTestId('creator-header')).toContainText('加藤 湊');
  await expect(page.getByTestId('creator-header')).toContainText('受付中');
  await expect(page.getByTestId('profile-text')).toContainText('加藤 湊です。');
  await expect(page.getByTestId('skills')).toContainText('エンタメ');
  // A client sees no registered details and no staff tools.
  await expect(page.getByTestId('private-info')).toHaveCount(0);
  await expect(page.getByTestId('manager-memo')).toHaveCount(0);

  const memo = page.getByRole('textbox', { name: 'メモ' });
  await memo.fill('ゲーム記事の相談をしたい。');
  await page.getByRole('button', { name: 'メモを保存' }).click();
  await expect(page.getByRole('status')).toHaveText('保存しました');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'メモ' })).toHaveValue('ゲーム記事の相談をしたい。');
  await expect(page.getByTestId('client-memo')).toContainText('最終更新: 高橋 誠');

  const tabs = page.getByRole('navigation', { name: 'クリエイターのページ' });
  await tabs.getByRole('link', { name: '属性' }).click();
  await expect(page.getByTestId('creator-attributes')).toContainText('稼働可能な時間帯');
  await expect(page.getByTestId('creator-attributes')).not.toContainText('年収');
  await tabs.getByRole('link', { name: 'タスク' }).click();
  await expect(page).toHaveURL(/\/creators\/\d+\/tasks$/);
  await expect(page.getByText('表示できるタスクはありません。')).toBeVisible();
});

test('a manager writes the staff memo and sets an NG combination that both creators show', async ({ page }) => {
  await logIn(page, 'manager@demo.tsumugi.jp');
  await page.goto('/users/search?words=加藤 湊');
  await page.getByRole('link', { name: '加藤 湊' }).click();
  await expect(page.getByTestId('private-info')).toContainText('writer06@demo.tsumugi.jp');

  await page.getByRole('textbox', { name: '運営メモ' }).fill('ゲーム案件を優先して紹介');
  await page.getByTestId('manager-memo').getByRole('button', { name: 'メモを保存' }).click();
  await expect(page.getByTestId('manager-memo')).toContainText('最終更新: 田中 美咲');

  const ng = page.getByTestId('combinations');
  await ng.getByRole('combobox', { name: 'NGのクリエイター' }).fill('清水 美月');
  await ng.getByRole('option', { name: '清水 美月' }).click();
  await ng.getByRole('button', { name: 'NG組み合わせを保存' }).click();
  await expect(ng.getByRole('status')).toHaveText('保存しました');

  await page.reload();
  await expect(page.getByRole('textbox', { name: '運営メモ' })).toHaveValue('ゲーム案件を優先して紹介');
  await expect(page.getByTestId('combinations').getByTestId('person-chip')).toHaveText(['清水 美月×']);

  // Symmetric: 清水 美月's page names 加藤 湊.
  await page.goto('/users/search?words=清水 美月');
  await page.getByRole('link', { name: '清水 美月' }).click();
  await expect(page.getByTestId('combinations').getByTestId('person-chip')).toHaveText(['加藤 湊×']);
});
