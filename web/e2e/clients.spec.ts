import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn } from './support/session';

const COMPANY = 'E2E株式会社みどり出版';
const MEDIUM = 'みどりウェブ';

// Other specs expect the demo clients as seeded.
test.afterEach(() => {
  psqlRun(
    `delete from media where client_id in (select id from clients where company_name = '${COMPANY}');
     delete from clients where company_name = '${COMPANY}'`,
  );
});

test('staff register a client company and a medium in the browser', async ({ page }) => {
  await logIn(page, 'admin@demo.tsumugi.jp');
  await page.getByRole('link', { name: 'クライアント', exact: true }).first().click();
  await expect(page).toHaveURL('/clients/media');
  await expect(page.getByRole('heading', { name: 'クライアント一覧' })).toBeVisible();
  await expect(page.getByTestId('client-row').filter({ hasText: '株式会社デモメディア' })).toBeVisible();

  await page.getByRole('link', { name: 'クライアントを追加' }).click();
  await expect(page).toHaveURL('/clients/add');
  const form = page.getByTestId('client-form');
  // Nothing filled in: each required field says so, in Japanese, before any round trip.
  await form.getByRole('button', { name: 'クライアントを登録' }).click();
  await expect(form.getByText('必須項目です').first()).toBeVisible();

  await form.getByLabel('会社名', { exact: true }).fill(COMPANY);
  await form.getByLabel('会社名（カナ）').fill('みどりしゅっぱん');
  await form.getByLabel('郵便番号').fill('１５０-０００１');
  await form.getByLabel('住所').fill('渋谷区神宮前1-1-1');
  await form.getByLabel('電話番号').fill('03-5555-0000');
  await form.getByRole('combobox', { name: 'プラン' }).click();
  await page.getByRole('option', { name: 'スタンダード' }).click();
  await form.getByRole('combobox', { name: '都道府県' }).click();
  await page.getByRole('option', { name: '東京都' }).click();
  await form.getByRole('button', { name: 'クライアントを登録' }).click();
  await expect(form.getByText('全角カタカナで入力してください')).toBeVisible();
  await form.getByLabel('会社名（カナ）').fill('イーツーイーミドリシュッパン');
  await form.getByRole('button', { name: 'クライアントを登録' }).click();

  await expect(page).toHaveURL(/\/clients\/\d+\/media$/);
  await expect(page.getByRole('heading', { name: `${COMPANY} の媒体` })).toBeVisible();
  await expect(page.getByTestId('media-empty')).toContainText('「媒体を追加」から登録してください');
  await page.getByRole('link', { name: '媒体を追加' }).click();

  const mediaForm = page.getByTestId('media-form');
  await mediaForm.getByLabel('媒体名').fill(MEDIUM);
  await mediaForm.getByLabel('説明').fill('緑と暮らしのWebメディア');
  await mediaForm.getByRole('combobox', { name: 'ジャンルグループ' }).click();
  await page.getByRole('option', { name: '記事・コンテンツ分野' }).click();
  await mediaForm.getByRole('checkbox', { name: 'グルメ', exact: true }).check();
  await mediaForm.getByRole('checkbox', { name: /田中 美咲/ }).check();
  await mediaForm.getByRole('button', { name: '媒体を登録' }).click();

  await expect(page).toHaveURL(/\/clients\/media\/\d+\/details$/);
  await expect(page.getByTestId('media-header')).toContainText(MEDIUM);
  await expect(page.getByTestId('media-header')).toContainText(COMPANY);
  const details = page.getByTestId('media-details');
  await expect(details).toContainText('記事・コンテンツ分野：グルメ');
  await expect(details).toContainText('田中 美咲（マネージャー）');
  await expect(page.getByTestId('option-payments')).toContainText('オプション支払いはまだありません');
});

test('a client opens its media; another company cannot open them', async ({ page, browser }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  await page.getByRole('link', { name: '媒体', exact: true }).first().click();
  await expect(page).toHaveURL('/clients/media');
  const cards = page.getByTestId('media-card');
  await expect(cards).toHaveCount(2);
  await cards.filter({ hasText: 'デモマガジン' }).getByRole('link', { name: '詳細' }).click();

  await expect(page).toHaveURL(/\/clients\/media\/\d+\/details$/);
  const detailsUrl = page.url();
  await expect(page.getByTestId('media-header')).toContainText('デモマガジン');
  await expect(page.getByTestId('media-header')).toContainText('株式会社デモメディア');
  await expect(page.getByTestId('option-payments')).toContainText('特集ページ追加制作');
  await expect(page.getByRole('link', { name: 'オプション支払いを追加' })).toHaveCount(0);

  await page.getByRole('navigation', { name: '媒体のページ' }).getByRole('link', { name: 'インフォメーション' }).click();
  await expect(page).toHaveURL(/\/infomation$/);
  const info = page.getByTestId('media-information');
  await expect(info).toContainText('記事・コンテンツ分野');
  await expect(info).toContainText('グルメ取材');
  await expect(page.getByTestId('media-managers')).toContainText('田中 美咲');
  await page.getByRole('checkbox', { name: '退会者を含む' }).check();
  await expect(page.getByRole('checkbox', { name: '退会者を含む' })).toBeChecked();
  await expect(page.getByTestId('information-members')).toBeVisible();

  await page.getByRole('navigation', { name: '媒体のページ' }).getByRole('link', { name: 'メンバー' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByTestId('media-members').getByTestId('member-row').first()).toBeVisible();

  // Client B (株式会社サンプル出版) gets the not-found page for the demo company's medium.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, 'client-b@demo.tsumugi.jp');
  await otherPage.goto(detailsUrl);
  await expect(otherPage.getByTestId('not-found-page')).toBeVisible();
  await expect(otherPage.getByTestId('media-header')).toHaveCount(0);
  await otherPage.goto('/clients/media');
  await expect(otherPage.getByTestId('media-card')).toHaveCount(1);
  await expect(otherPage.getByTestId('media-card')).toContainText('サンプルウェブ');
  await other.close();
});
