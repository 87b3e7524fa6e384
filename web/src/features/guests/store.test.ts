import { mockApi } from '@/test/mock-api';
import { GUEST_AUTH_FAILED, GUEST_TOKEN_KEY, useGuests } from './store';

const member = (id: number) => ({ id, user_name: `m${id}`, image_file: null, work_status: 'accepting', genres: [], public_memo: '' });
const page = (n: number, ids: number[]) => ({ status: 200, body: { team_id: 2, members: ids.map(member), current_page: n, last_page: 3, per_page: 2, total: 6 } });
const auth = { token: 'guest-1', media_id: 1, team_id: 2, expires_at: '2026-11-24T02:00:00Z' };

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  useGuests.setState({ guest: null, members: { data: [], loading: false, error: null }, paging: null, creatorLoaded: false });
});

describe('guest store', () => {
  it('keeps the guest token in sessionStorage, cleared when authentication starts and when it fails', async () => {
    mockApi({ 'PUT /guest/clients/url_auth': { body: auth } });
    await useGuests.getState().authenticate('share-1');
    expect(JSON.parse(sessionStorage.getItem(GUEST_TOKEN_KEY) ?? '{}').token).toBe('guest-1');
    expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();

    const api = mockApi({ 'PUT /guest/clients/url_auth': { status: 500, body: {} } });
    const pending = useGuests.getState().authenticate('share-2');
    expect(sessionStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();
    expect(useGuests.getState().guest).toBeNull();
    await pending;
    expect(sessionStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();
    expect(useGuests.getState().auth.error?.message).toBeTruthy();
    // The share token is sent as the body, never as a bearer.
    expect(api.fetchMock.mock.calls[0][1]?.headers).not.toHaveProperty('Authorization');
    expect(GUEST_AUTH_FAILED).toBe('認証に失敗しました');
  });

  it('appends members page by page, only forward, until cleared', async () => {
    useGuests.setState({ guest: { token: 'guest-1', mediaId: 1, teamId: 2, expiresAt: '' } });
    const api = mockApi({
      'GET /guest/clients/media/1/teams/2/members': (call) => {
        const n = Number(call.query.get('page'));
        return page(n, [n * 10, n * 10 + 1]);
      },
    });
    const { fetchMembers } = useGuests.getState();
    await fetchMembers(1, 2, 1);
    await fetchMembers(1, 2, 2);
    expect(useGuests.getState().members.data.map((m) => m.id)).toEqual([10, 11, 20, 21]);
    await fetchMembers(1, 2, 1);
    await fetchMembers(1, 2, 2);
    expect(api.calls).toHaveLength(2);
    expect(useGuests.getState().paging?.currentPage).toBe(2);
    expect(api.fetchMock.mock.calls[0][1]?.headers).toMatchObject({ Authorization: 'Bearer guest-1' });

    useGuests.getState().clearMembers();
    expect(useGuests.getState().members.data).toEqual([]);
    expect(useGuests.getState().paging).toBeNull();
    await fetchMembers(1, 2, 1);
    expect(useGuests.getState().members.data.map((m) => m.id)).toEqual([10, 11]);
  });

  it('sets the creator loaded flag on success and on failure, and forgets a refused token', async () => {
    useGuests.setState({ guest: { token: 'guest-1', mediaId: 1, teamId: 2, expiresAt: '' } });
    sessionStorage.setItem(GUEST_TOKEN_KEY, '{"token":"guest-1"}');
    mockApi({ 'GET /guest/clients/media/1/teams/2/creators/5': { body: { user: { id: 5 }, public_memo: '', portfolio_files: [] } } });
    await useGuests.getState().fetchCreator(1, 2, 5);
    expect(useGuests.getState().creatorLoaded).toBe(true);
    expect(useGuests.getState().creator.data?.user.id).toBe(5);

    mockApi({ 'GET /guest/clients/media/1/teams/2/creators/6': { status: 401, body: { error: { message: 'URLの有効期限が切れています。' } } } });
    await useGuests.getState().fetchCreator(1, 2, 6);
    expect(useGuests.getState().creatorLoaded).toBe(true);
    expect(useGuests.getState().creator.error?.message).toBe('URLの有効期限が切れています。');
    expect(useGuests.getState().guest).toBeNull();
    expect(sessionStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();
  });
});
