import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import InformationRoute from './list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAll();
});

const maintenance = {
  id: 3,
  title: '定期メンテナンスのお知らせ',
  url: null,
  body: '11月30日 2:00〜4:00 にメンテナンスを行います。',
  scheduled_start_date: '2026-11-26T15:30:00Z',
};
const guide = { id: 2, title: 'ご発注ガイドを更新しました', url: 'https://tsumugi.jp/guide', body: null, scheduled_start_date: '2026-11-01T01:00:00Z' };
const page = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  information: items,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: items.length,
  base_url: '/information',
  ...extra,
});

function renderPage(entry = '/information') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <InformationRoute />
    </MemoryRouter>,
  );
}

const rows = () => within(screen.getByTestId('information-list')).queryAllByTestId('information-item');

describe('/information', () => {
  it('lists the notices newest first with yyyy/M/d dates, URL titles as links and bodies that open', async () => {
    signInAs('general');
    const api = mockApi({ 'GET /information': { body: page([maintenance, guide]) } });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    // 2026-11-26T15:30Z is the 27th in Tokyo.
    expect(rows()[0]).toHaveTextContent('2026/11/27');
    expect(rows()[1]).toHaveTextContent('2026/11/1');
    expect(within(rows()[1]).getByRole('link', { name: /ご発注ガイドを更新しました/ })).toHaveAttribute('href', 'https://tsumugi.jp/guide');
    const title = within(rows()[0]).getByRole('button', { name: '定期メンテナンスのお知らせ' });
    expect(title).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/2:00〜4:00/)).not.toBeInTheDocument();
    await userEvent.click(title);
    expect(title).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('11月30日 2:00〜4:00 にメンテナンスを行います。')).toBeInTheDocument();
    // A member sees neither the staff tools nor scheduled posts.
    expect(api.called('GET /information')[0].query.get('include_scheduled')).toBeNull();
    expect(screen.queryByRole('link', { name: 'お知らせを追加' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '削除' })).not.toBeInTheDocument();
  });

  it('opens the post a dialog link points at', async () => {
    signInAs('client', { clientId: 1 });
    mockApi({ 'GET /information': { body: page([maintenance, guide]) } });
    renderPage('/information#information-3');
    await waitFor(() => expect(screen.getByText('11月30日 2:00〜4:00 にメンテナンスを行います。')).toBeInTheDocument());
  });

  it('says when there is nothing, and pages', async () => {
    signInAs('general');
    const api = mockApi({
      'GET /information': ({ query }) =>
        query.get('page') === '2'
          ? { body: page([guide], { current_page: 2, last_page: 2, total: 21 }) }
          : { body: page([maintenance], { last_page: 2, total: 21 }) },
    });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('21件中 1〜20件（1 / 2ページ）')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('ご発注ガイドを更新しました'));
    expect(api.called('GET /information').at(-1)?.query.get('page')).toBe('2');

    cleanup();
    resetAll();
    signInAs('general');
    mockApi({ 'GET /information': { body: page([]) } });
    renderPage();
    await waitFor(() => expect(screen.getByText('お知らせはまだありません。')).toBeInTheDocument());
  });

  it('shows staff the scheduled posts with their audience, the add link, and deletes after asking', async () => {
    signInAs('tsumugi_admin');
    let deleted = false;
    const scheduled = { ...maintenance, id: 9, title: '来月の新機能', scheduled_start_date: '2026-12-01T00:00:00Z', is_published: false, audience_roles: ['general', 'client'] };
    const live = { ...guide, is_published: true, audience_roles: [] };
    const api = mockApi({
      'GET /information': () => ({ body: page(deleted ? [live] : [scheduled, live]) }),
      'DELETE /information/9': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.called('GET /information')[0].query.get('include_scheduled')).toBe('1');
    expect(rows()[0]).toHaveTextContent('公開予定 2026/12/01 09:00');
    expect(rows()[0]).toHaveTextContent('対象: クリエイター・クライアント');
    expect(rows()[1]).toHaveTextContent('対象: 全員');
    expect(rows()[1]).not.toHaveTextContent('公開予定');
    expect(screen.getByRole('link', { name: 'お知らせを追加' })).toHaveAttribute('href', '/information/add');

    await userEvent.click(within(rows()[0]).getByRole('button', { name: '削除' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('このお知らせを削除しますか？');
    expect(api.called('DELETE /information/9')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(within(rows()[0]).getByRole('button', { name: '削除' }));
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.called('DELETE /information/9')).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('ご発注ガイドを更新しました');
  });

  it('gives an accountant the member view', async () => {
    signInAs('tsumugi_accountant');
    const api = mockApi({ 'GET /information': { body: page([guide]) } });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.called('GET /information')[0].query.get('include_scheduled')).toBeNull();
    expect(screen.queryByRole('link', { name: 'お知らせを追加' })).not.toBeInTheDocument();
  });
});
