import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn, tokenOf } from './support/session';

const CREATOR = 'creator@demo.tsumugi.jp';
const NEWBIE = 'newbie@demo.tsumugi.jp';
const MODAL_TITLE = '新しいお仕事を受けられますか？';

async function workStatusOf(page: import('@playwright/test').Page): Promise<string> {
  const answer = await page.request.get('/api/users/whoami', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  return (await answer.json()).work_status;
}

test.describe('work status', () => {
  // The demo creator has complete information; they are made "not answered yet" here and put
  // back afterwards, as other specs expect them accepting.
  test.beforeEach(() => psqlRun(`update users set work_status = 'not_set' where mail_address = '${CREATOR}'`));
  test.afterEach(() => psqlRun(`update users set work_status = 'accepting' where mail_address = '${CREATOR}'`));

  test('a creator who has not answered is asked once, and the answer sticks', async ({ page }) => {
    await logIn(page, CREATOR);
    const modal = page.getByRole('dialog', { name: MODAL_TITLE });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('お仕事を依頼する際の参考にします');
    await expect(modal.getByRole('radio')).toHaveCount(3);
    await expect(modal.getByRole('radio', { name: /^受付中/ })).toBeChecked();

    await modal.getByRole('button', { name: '保存する' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: '案件の受付状況' })).toHaveText('😊 受付中');
    expect(await workStatusOf(page)).toBe('accepting');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'プロジェクト一覧' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: '案件の受付状況' })).toHaveText('😊 受付中');
    await expect(page.getByRole('dialog', { name: MODAL_TITLE })).toHaveCount(0);
  });

  test('the availability dropdown in the header changes the status', async ({ page }) => {
    psqlRun(`update users set work_status = 'accepting' where mail_address = '${CREATOR}'`);
    await logIn(page, CREATOR);
    await expect(page.getByRole('dialog', { name: MODAL_TITLE })).toHaveCount(0);
    const dropdown = page.getByRole('combobox', { name: '案件の受付状況' });
    await expect(dropdown).toHaveText('😊 受付中');
    await dropdown.click();
    // Neither the current status nor notSet is offered; typing narrows the list.
    await expect(page.getByRole('option')).toHaveText(['🤔 条件付きで受付中', '🙅 受付停止中']);
    await page.getByRole('searchbox', { name: '案件の受付状況を検索' }).fill('条件');
    await expect(page.getByRole('option')).toHaveText(['🤔 条件付きで受付中']);
    await page.getByRole('option', { name: '🤔 条件付きで受付中' }).click();
    await expect(dropdown).toHaveText('🤔 条件付きで受付中');
    await expect.poll(() => workStatusOf(page)).toBe('conditionally_accepting');
  });

  test('a creator still missing information is not asked', async ({ page }) => {
    await logIn(page, NEWBIE, '/user/edit');
    await expect(page.getByRole('heading', { name: '会員情報編集' })).toBeVisible();
    // The dropdown is there (newbie is a creator), the modal is not.
    await expect(page.getByRole('combobox', { name: '案件の受付状況' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: MODAL_TITLE })).toHaveCount(0);
    expect(await workStatusOf(page)).toBe('not_set');
  });
});

test.describe('skills', () => {
  test.afterEach(() => psqlRun(`delete from user_skills where user_id = (select id from users where mail_address = '${NEWBIE}')`));

  test('saving skills turns the hub card complete', async ({ page }) => {
    await logIn(page, NEWBIE, '/user/edit');
    const card = page.getByTestId('hub-card-skills');
    await expect(card).toHaveAttribute('data-mark', 'missing');
    await expect(card).toContainText('未入力: スキル');
    await card.click();
    await expect(page).toHaveURL('/user/edit/skills');

    const skills = page.getByTestId('skills-panel');
    // Nothing chosen is explained before anything is sent.
    await skills.getByRole('button', { name: '保存する' }).click();
    await expect(skills.getByText('1つ以上選択してください')).toBeVisible();

    await skills.getByRole('checkbox', { name: 'グルメ' }).check();
    await skills.getByRole('group', { name: 'グルメの小ジャンル' }).getByRole('checkbox', { name: 'ラーメン' }).check();
    await skills.getByLabel('記事・コンテンツ分野の詳細（任意）').fill('ラーメン店の取材記事');
    await skills.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByText('スキルを保存しました')).toBeVisible();

    await page.goto('/user/edit');
    await expect(card).toHaveAttribute('data-mark', 'complete');
    await expect(card).not.toContainText('未入力');

    // The saved choice comes back.
    await page.goto('/user/edit/skills');
    await expect(skills.getByRole('checkbox', { name: 'ラーメン' })).toBeChecked();
    await expect(skills.getByLabel('記事・コンテンツ分野の詳細（任意）')).toHaveValue('ラーメン店の取材記事');
  });

  test('the sign-up skill step saves and goes on to the bank account', async ({ page }) => {
    await logIn(page, NEWBIE, '/user/edit');
    await page.goto('/signup/skills');
    await expect(page.getByRole('heading', { name: 'スキル登録' })).toBeVisible();
    await page.getByRole('checkbox', { name: '動画編集' }).check();
    await page.getByRole('button', { name: '次へ' }).click();
    await expect(page).toHaveURL('/signup/bank_accounts');
    await expect(page.getByRole('heading', { name: '口座登録' })).toBeVisible();
  });
});
