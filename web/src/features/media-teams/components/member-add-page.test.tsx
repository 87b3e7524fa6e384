import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { MemberAddPage } from './member-add-page';

afterEach(() => {
  resetAll();
  vi.unstubAllGlobals();
});

const card = (id: number, user_name: string, can_add: boolean, reason: string | null) => ({
  id,
  user_name,
  image_file: null,
  work_status: 'accepting',
  prefecture_name: '東京都',
  age_band: null,
  genres: ['旅行'],
  tags: [],
  can_add,
  reason,
});

const CANDIDATES = 'GET /clients/media/3/teams/8/candidates';
const page = {
  users: [card(11, '清水 美月', false, 'already_member'), card(12, '杉山 蓮', false, 'profile_incomplete'), card(14, '高田 湊', true, null)],
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: 3,
};

function renderPage(onAdded = vi.fn()) {
  render(
    <MemoryRouter>
      <MemberAddPage mediaId={3} teamId={8} onAdded={onAdded} />
    </MemoryRouter>,
  );
  return onAdded;
}

const row = (name: string) => screen.getAllByTestId('found-creator').find((r) => r.textContent?.includes(name))!;

describe('member add page', () => {
  it('shows who cannot be added and why, and offers only the others', async () => {
    const api = mockApi({
      [CANDIDATES]: { body: page },
      'GET /creators/search_options': { body: { genre_groups: [] } },
      'POST /clients/media/3/teams/8/members': { status: 201, body: [] },
    });
    const onAdded = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('found-creator')).toHaveLength(3));
    expect(api.called(CANDIDATES)).toHaveLength(1);

    const member = within(row('清水 美月')).getByRole('checkbox', { name: '清水 美月' });
    expect(member).toBeDisabled();
    expect(member).toHaveAccessibleDescription('すでにメンバーです');
    const incomplete = within(row('杉山 蓮')).getByRole('checkbox', { name: '杉山 蓮' });
    expect(incomplete).toBeDisabled();
    expect(incomplete).toHaveAccessibleDescription('プロフィールが未完成です');
    const ready = within(row('高田 湊')).getByRole('checkbox', { name: '高田 湊' });
    expect(ready).toBeEnabled();
    expect(within(row('高田 湊')).queryByTestId('not-addable-reason')).not.toBeInTheDocument();

    await userEvent.click(member);
    expect(screen.getByRole('button', { name: '選択した0人を仮登録で追加' })).toBeDisabled();
    await userEvent.click(ready);
    await userEvent.click(screen.getByRole('button', { name: '選択した1人を仮登録で追加' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(api.called('POST /clients/media/3/teams/8/members')[0].body).toEqual({ user_ids: [14] });
  });

  it('names each creator the server refuses, with the reason in Japanese', async () => {
    mockApi({
      [CANDIDATES]: { body: { ...page, users: [card(14, '高田 湊', true, null), card(15, '千葉 結衣', true, null)] } },
      'GET /creators/search_options': { body: { genre_groups: [] } },
      'POST /clients/media/3/teams/8/members': {
        status: 422,
        body: { error: { message: '入力内容に誤りがあります。', rules: { 'user_ids.1': ['already_member'] } } },
      },
    });
    const onAdded = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('found-creator')).toHaveLength(2));
    await userEvent.click(screen.getByRole('checkbox', { name: '高田 湊' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '千葉 結衣' }));
    await userEvent.click(screen.getByRole('button', { name: '選択した2人を仮登録で追加' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('千葉 結衣: すでにメンバーです');
    expect(onAdded).not.toHaveBeenCalled();
  });
});
