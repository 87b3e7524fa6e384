import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { useAuth } from '@/features/auth/store';
import { subscribeInformation } from '@/features/information/live';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { InformationGate, noteNews } from './information-dialog';
import { WorkStatusGate } from './work-status';

// The socket, as live.ts sees it: the test delivers the server's events by hand.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('@/lib/socket', () => ({
  onEvent: (event: string, handler: (payload: unknown) => void) => {
    handlers.set(event, handler);
    return () => handlers.delete(event);
  },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  handlers.clear();
  resetAll();
});

const whoami = (news: boolean, workStatus = 'accepting') => ({
  id: 1,
  user_name: 'テスト ユーザー',
  role_type: 'general',
  image_file: null,
  work_status: workStatus,
  has_skill: true,
  has_bank_account: true,
  has_portfolio: true,
  has_possible_work: true,
  has_attribute: true,
  is_exists_new_information: news,
  client: null,
});
const feature = { id: 11, title: '新機能のお知らせ', url: null, body: '外部URLで納品できるようになりました。', scheduled_start_date: '2026-11-27T03:00:00Z' };
const outage = { id: 10, title: '障害のご報告', url: 'https://status.tsumugi.jp/1', body: null, scheduled_start_date: '2026-11-20T15:10:00Z' };

function renderGates() {
  render(
    <MemoryRouter>
      <WorkStatusGate />
      <InformationGate />
    </MemoryRouter>,
  );
}

function withNews(news: boolean, workStatus = 'accepting') {
  const user = signInAs('general');
  useAuth.setState({ user: { data: { ...user, isExistsNewInformation: news, workStatus }, loading: false, error: null } });
}

describe('latest-notices dialog', () => {
  it('lists the new posts with date, title link and a more link; closing marks them seen and refreshes the user', async () => {
    withNews(true);
    let seen = false;
    const api = mockApi({
      'GET /information/latest': { body: { information: [feature, outage] } },
      'PUT /information/seen': () => {
        seen = true;
        return { body: whoami(false) };
      },
      'GET /users/whoami': () => ({ body: whoami(!seen) }),
    });
    renderGates();
    const dialog = await screen.findByRole('dialog', { name: '最新のお知らせ' });
    const items = within(dialog).getAllByTestId('latest-information-item');
    expect(items.map((i) => i.textContent)).toEqual(['2026/11/27新機能のお知らせ', '2026/11/21障害のご報告']);
    expect(within(items[0]).getByRole('link', { name: '新機能のお知らせ' })).toHaveAttribute('href', '/information#information-11');
    expect(within(items[1]).getByRole('link', { name: '障害のご報告' })).toHaveAttribute('href', 'https://status.tsumugi.jp/1');
    expect(within(dialog).getByRole('link', { name: 'もっと見る' })).toHaveAttribute('href', '/information');

    await userEvent.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.called('PUT /information/seen')).toHaveLength(1);
    await waitFor(() => expect(api.called('GET /users/whoami')).toHaveLength(1));
    expect(useAuth.getState().user.data?.isExistsNewInformation).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('following the more link closes it too', async () => {
    withNews(true);
    const api = mockApi({
      'GET /information/latest': { body: { information: [feature] } },
      'PUT /information/seen': { body: whoami(false) },
      'GET /users/whoami': { body: whoami(false) },
    });
    renderGates();
    await userEvent.click(await screen.findByRole('link', { name: 'もっと見る' }));
    await waitFor(() => expect(api.called('PUT /information/seen')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not shown without news', async () => {
    withNews(false);
    const api = mockApi({});
    renderGates();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.called('GET /information/latest')).toHaveLength(0);
  });

  it('opens the moment information.published arrives, and the work-status modal waits for it', async () => {
    withNews(false, 'notSet');
    let seen = false;
    const api = mockApi({
      'GET /information/latest': () => ({ body: { information: seen ? [] : [feature] } }),
      'PUT /information/seen': () => {
        seen = true;
        return { body: whoami(false, 'not_set') };
      },
      'GET /users/whoami': () => ({ body: whoami(!seen, 'not_set') }),
    });
    const unsubscribe = subscribeInformation(noteNews);
    renderGates();
    expect(screen.getByRole('dialog', { name: '新しいお仕事を受けられますか？' })).toBeInTheDocument();

    act(() => handlers.get('information.published')!({ id: 11, title: '新機能のお知らせ', url: null, body: '本文', scheduledStartDate: '2026-11-27T03:00:00Z' }));
    const dialog = await screen.findByRole('dialog', { name: '最新のお知らせ' });
    expect(within(dialog).getByRole('link', { name: '新機能のお知らせ' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '新しいお仕事を受けられますか？' })).not.toBeInTheDocument();
    // The same post once, though it came both live and from the latest list.
    await waitFor(() => expect(api.called('GET /information/latest')).toHaveLength(1));
    expect(within(dialog).getAllByTestId('latest-information-item')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '最新のお知らせ' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('dialog', { name: '新しいお仕事を受けられますか？' })).toBeInTheDocument());
    unsubscribe();
  });
});
