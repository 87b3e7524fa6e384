import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { BOT_SUSPECTED, useAuth } from '../store';
import { LoginPage } from './login-page';

function serve(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = url.replace(/\?.*$/, '');
    const body = routes[path];
    if (body === undefined) return new Response(null, { status: 404 });
    const [status, json] = Array.isArray(body) ? body : [200, body];
    return new Response(JSON.stringify(json), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.setState({ token: null, user: { data: null, loading: false, error: null }, login: { data: null, loading: false, error: null } });
});

async function submit() {
  render(
    <MemoryRouter>
      <LoginPage />
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByLabelText('メールアドレス'), 'creator@demo.tsumugi.jp');
  await userEvent.type(screen.getByLabelText('パスワード'), 'Tsumugi-demo-2026');
  await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
}

describe('login page', () => {
  it('refuses the login with the bot message when the site check fails', async () => {
    const fetchMock = serve({
      '/api/siteverify/challenge': { kind: 'pow', challenge: 'v1.1.00.sig', difficulty: 1 },
      '/api/siteverify': { success: false },
    });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(BOT_SUSPECTED);
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/users/login');
  });

  it('shows the server message for wrong credentials', async () => {
    serve({
      '/api/siteverify/challenge': { kind: 'pow', challenge: 'v1.1.00.sig', difficulty: 1 },
      '/api/siteverify': { success: true },
      '/api/users/login': [422, { error: { message: 'メールアドレスまたはパスワードが正しくありません。' } }],
    });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('メールアドレスまたはパスワードが正しくありません。');
    expect(useAuth.getState().token).toBeNull();
  });

  it('stores the session token on success', async () => {
    serve({
      '/api/siteverify/challenge': { kind: 'pow', challenge: 'v1.1.00.sig', difficulty: 1 },
      '/api/siteverify': { success: true },
      '/api/users/login': { token: 'tok-1', user: { id: 1, user_name: '山田 花子', role_type: 'general', work_status: 'not_set', has_skill: true, has_bank_account: true } },
    });
    await submit();
    await vi.waitFor(() => expect(useAuth.getState().token).toBe('tok-1'));
    expect(localStorage.getItem('tsumugi.token')).toBe('tok-1');
    expect(useAuth.getState().user.data?.userName).toBe('山田 花子');
    expect(useAuth.getState().user.data?.workStatus).toBe('notSet');
  });
});

describe('a session staff ended', () => {
  it('forgets the token and says why on the login page', () => {
    localStorage.setItem('tsumugi.token', 'old-token');
    useAuth.setState({ token: 'old-token' });
    useAuth.getState().endRevokedSession('role_changed');
    expect(useAuth.getState().token).toBeNull();
    expect(localStorage.getItem('tsumugi.token')).toBeNull();
    render(
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('権限が変更されたため、ログアウトしました。もう一度ログインしてください。');
  });
});
