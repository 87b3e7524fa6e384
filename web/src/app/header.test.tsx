/** The user menu holds exactly the entries of spec section 2 for each role, in that order, each linking to a real page. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { paths } from '@/config/paths';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { Header } from './header';
import { pageNames } from './router';

afterEach(() => {
  resetAll();
  vi.unstubAllGlobals();
});

const CLIENT = [
  ['基本情報編集', '/user/edit/profiles'],
  ['ログイン情報変更', '/user/edit/auth'],
  ['メール通知設定', '/user/edit/mail_frequencies'],
  ['プライバシーポリシー', '/privacies'],
  ['クッキーポリシー', '/cookie_policy'],
  ['発注ガイド', '/ordering_guide'],
  ['お知らせ', '/information'],
  ['ログアウト', null],
];
const CREATOR = [
  ['会員情報編集', '/user/edit'],
  ['ログイン情報', '/user/edit/auth'],
  ['利用規約', '/terms'],
  ['プライバシーポリシー', '/privacies'],
  ['クッキーポリシー', '/cookie_policy'],
  ['お知らせ', '/information'],
  ['マニュアル', '/manual'],
  ['ログアウト', null],
];
const STAFF = [
  ['会員情報編集', '/user/edit'],
  ['ログイン情報', '/user/edit/auth'],
  ['利用規約', '/terms'],
  ['お知らせ', '/information'],
  ['ログアウト', null],
];

async function menuOf(role: string, mobile: boolean) {
  signInAs(role, { clientId: role === 'client' ? 4 : null });
  mockApi({});
  render(
    <MemoryRouter>
      <Header mobile={mobile} />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByTestId('user-menu-button'));
  return within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => [item.textContent, item.getAttribute('href')]);
}

describe('user menu by role', () => {
  it.each([
    ['client', CLIENT],
    ['general', CREATOR],
    ['editor_assistant', CREATOR],
    ['tsumugi_manager', STAFF],
    ['tsumugi_accountant', STAFF],
    ['tsumugi_admin', STAFF],
  ])('%s sees exactly its entries in order', async (role, expected) => {
    expect(await menuOf(role, false)).toEqual(expected);
  });

  it('is the same on the phone header', async () => {
    expect(await menuOf('general', true)).toEqual(CREATOR);
  });

  it('links only to pages the router has', () => {
    const routed = new Map(Object.entries(paths).map(([name, def]) => [def.path, name]));
    for (const [, to] of [...CLIENT, ...CREATOR, ...STAFF]) {
      if (to === null) continue;
      const name = routed.get(to);
      expect(name, to).toBeDefined();
      // /information is built by the information issue; the others are real pages here.
      if (to !== '/information') expect(pageNames, to).toContain(name);
    }
  });
});
