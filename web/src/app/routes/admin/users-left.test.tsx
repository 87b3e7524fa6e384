import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORBIDDEN_TITLE } from '@/components/status-page';
import { resetAll } from '@/lib/reset';
import { type Call, mockApi } from '@/test/mock-api';
import { atRoute } from '@/test/route';
import { signInAs } from '@/test/session';
import UsersLeftRoute from './users-left';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetAll();
});

const leaver = (status: string) => ({
  user_id: 12,
  user_name: '佐藤 健',
  role_type: 'general',
  account_status: status,
  reason: '本人からの申請',
  banned_at: '2026-11-20T01:00:00Z',
  banned_by_name: '管理 花子',
  left_at: status === 'left' ? '2026-11-24T01:00:00Z' : null,
  left_by_name: status === 'left' ? '管理 花子' : null,
});
const list = (users: unknown[]) => ({ current_page: 1, last_page: 1, per_page: 20, total: users.length, users });

function renderPage() {
  render(atRoute('/admins/users/left', <UsersLeftRoute />));
}

describe('leavers (/admins/users/left)', () => {
  it('an admin suspends a user, then completes the leave from the list', async () => {
    signInAs('tsumugi_admin');
    let status: string | null = null;
    const api = mockApi({
      'GET /users/left': () => ({ body: list(status ? [leaver(status)] : []) }),
      'PUT /admin/users/12/left': ({ body }: Call) => {
        status = (body as { status: string }).status;
        return { body: { id: 12, user_name: status === 'left' ? '退会済みユーザー' : '佐藤 健', role_type: 'general', account_status: status } };
      },
    });
    renderPage();
    expect(await screen.findByText('退会手続き中・退会済みのユーザーはいません。')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('ユーザーID'), '１２');
    await userEvent.type(screen.getByLabelText('理由（スタッフのみ閲覧）'), '本人からの申請');
    await userEvent.click(screen.getByRole('button', { name: '退会処理を実行' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('ID 12 のユーザーを「退会手続き中」にします。');
    await userEvent.click(screen.getByRole('button', { name: '実行する' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('ID 12 を「退会手続き中」にしました。'));
    expect(api.called('PUT /admin/users/12/left')[0].body).toEqual({ status: 'banned', reason: '本人からの申請' });

    const row = await screen.findByTestId('left-user');
    expect(row).toHaveTextContent('佐藤 健');
    expect(row).toHaveTextContent('退会手続き中');
    await userEvent.click(within(row).getByRole('button', { name: '退会を完了' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('個人情報は削除され、元に戻せません。');
    await userEvent.click(screen.getByRole('button', { name: '実行する' }));
    await waitFor(() => expect(screen.getByTestId('left-user')).toHaveTextContent('退会済み'));
    expect(api.called('PUT /admin/users/12/left')[1].body).toMatchObject({ status: 'left' });
  });

  it('shows why a leave cannot complete, with the spec’s failure text as fallback', async () => {
    signInAs('tsumugi_admin');
    mockApi({
      'GET /users/left': { body: list([leaver('banned')]) },
      'PUT /admin/users/12/left': { status: 422, body: { error: { message: '未確定の報酬（1件）があるため、退会を完了できません。報酬を確定してから、もう一度お試しください。' } } },
    });
    renderPage();
    await userEvent.click(within(await screen.findByTestId('left-user')).getByRole('button', { name: '退会を完了' }));
    await userEvent.click(screen.getByRole('button', { name: '実行する' }));
    expect(await screen.findByText(/未確定の報酬（1件）があるため/)).toBeInTheDocument();
  });

  it('a manager reads the list without the leave process; others get the 403 page', async () => {
    signInAs('tsumugi_manager');
    mockApi({ 'GET /users/left': { body: list([leaver('left')]) } });
    renderPage();
    expect(await screen.findByTestId('left-user')).toHaveTextContent('退会済み');
    expect(screen.queryByRole('button', { name: '退会処理を実行' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '退会を完了' })).not.toBeInTheDocument();
    cleanup();
    resetAll();
    signInAs('tsumugi_accountant');
    const api = mockApi({});
    renderPage();
    expect(await screen.findByText(FORBIDDEN_TITLE)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
