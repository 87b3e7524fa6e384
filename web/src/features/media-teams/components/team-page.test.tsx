import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { usePresence } from '@/lib/presence';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { MediaTeamPage } from './team-page';

afterEach(() => {
  resetAll();
  vi.unstubAllGlobals();
});

const member = (id: number, user_name: string, status: string) => ({
  id,
  user_name,
  team_id: 8,
  media_id: 3,
  status,
  is_leader: false,
  public_memo: '',
  private_memo: null,
  editor_memo: null,
  image_file: null,
  work_status: 'accepting',
  status_changed_at: '2026-11-29T10:00:00+09:00',
  allowed_transitions: [],
  can_remove: false,
});

const MEMBERS = 'GET /clients/media/3/teams/8/members';
const PRESENCE = 'GET /teams/8/presence';

const dotOf = (name: string) => {
  const row = screen.getAllByTestId('team-member-row').find((r) => r.textContent?.includes(name))!;
  return within(row).queryByTestId('presence-dot');
};

describe('team page presence', () => {
  it('shows a live dot beside each working member, none beside a candidate, and ignores a push older than what it shows', async () => {
    const api = mockApi({
      'GET /clients/media/3/teams/8': { body: { id: 8, media_id: 3, name: '特集班', description: '', is_favorite: false, member_count: 2 } },
      [MEMBERS]: {
        body: { members: [member(11, '清水 美月', 'assignable'), member(12, '杉山 蓮', 'temporary')], current_page: 1, last_page: 1, per_page: 20, total: 2 },
      },
      [PRESENCE]: { body: { users: [{ user_id: 11, status: 'online', seq: 20 }] } },
    });
    render(
      <MemoryRouter>
        <MediaTeamPage mediaId={3} teamId={8} />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: /特集班/ });
    await waitFor(() => expect(dotOf('清水 美月')).toHaveAttribute('data-status', 'online'));
    expect(dotOf('清水 美月')).toHaveAccessibleName('オンライン');
    expect(dotOf('杉山 蓮')).toBeNull();
    expect(api.called(PRESENCE)).toHaveLength(1);

    // presence.updated (routed to the store by the chat's live bindings): newer moves the dot, older does not.
    act(() => usePresence.getState().apply({ users: [{ userId: 11, status: 'away', seq: 21 }] }));
    expect(dotOf('清水 美月')).toHaveAccessibleName('離席中');
    act(() => usePresence.getState().apply({ users: [{ userId: 11, status: 'offline', seq: 19 }] }));
    expect(dotOf('清水 美月')).toHaveAttribute('data-status', 'away');
  });
});
