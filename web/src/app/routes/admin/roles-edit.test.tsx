import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORBIDDEN_TITLE } from '@/components/status-page';
import { resetAll } from '@/lib/reset';
import { type Call, mockApi } from '@/test/mock-api';
import { atRoute } from '@/test/route';
import { signInAs } from '@/test/session';
import RolesEditRoute from './roles-edit';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetAll();
});

const page = (users: unknown[]) => ({ current_page: 1, last_page: 1, per_page: 20, total: users.length, users });
const hanako = { id: 7, user_name: '山田 花子', role_type: 'general', work_status: 'accepting', account_status: 'active' };
const client = { id: 9, user_name: 'デモ出版 担当', role_type: 'client', work_status: 'not_set', account_status: 'active' };

function renderPage() {
  render(atRoute('/admins/user/roles/edit', <RolesEditRoute />));
}

describe('role change page (/admins/user/roles/edit)', () => {
  it('finds users by role, status and words and changes a role after asking', async () => {
    signInAs('tsumugi_admin');
    let role = 'general';
    const api = mockApi({
      'GET /users': () => ({ body: page([{ ...hanako, role_type: role }, client]) }),
      'PUT /users/7/role': ({ body }: Call) => {
        role = (body as { role_type: string }).role_type;
        return { body: { id: 7, user_name: '山田 花子', role_type: role, account_status: 'active' } };
      },
    });
    renderPage();
    const rows = await screen.findAllByTestId('staff-user');
    expect(rows[0]).toHaveTextContent('山田 花子');
    expect(rows[0]).toHaveTextContent('クリエイター');
    // A client keeps its role: nothing to choose on its row.
    expect(rows[1]).toHaveTextContent('クライアントは変更できません');
    expect(api.called('GET /users')[0].query.getAll('active_statuses[]')).toEqual(['active']);

    await userEvent.click(screen.getByLabelText('マネージャー'));
    await userEvent.type(screen.getByPlaceholderText('ユーザー名・氏名・メールアドレス'), '山田');
    await userEvent.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(api.called('GET /users')).toHaveLength(2));
    const search = api.called('GET /users')[1].query;
    expect(search.getAll('role_types[]')).toEqual(['tsumugi_manager']);
    expect(search.get('words')).toBe('山田');

    const row = (await screen.findAllByTestId('staff-user'))[0];
    await userEvent.click(within(row).getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: '編集アシスタント' }));
    await userEvent.click(within(row).getByRole('button', { name: '変更' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('「クリエイター」から「編集アシスタント」に変更します');
    expect(api.called('PUT /users/7/role')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '変更する' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('山田 花子さんの権限を「編集アシスタント」に変更しました。'));
    expect(api.called('PUT /users/7/role')[0].body).toEqual({ role_type: 'editor_assistant' });
    await waitFor(() => expect(screen.getAllByTestId('staff-user')[0]).toHaveTextContent('編集アシスタント'));
  });

  it('shows the server’s refusal in Japanese', async () => {
    signInAs('tsumugi_admin');
    mockApi({
      'GET /users': { body: page([hanako]) },
      'PUT /users/7/role': { status: 422, body: { error: { message: '退会手続き中または退会済みのユーザーの権限は変更できません。' } } },
    });
    renderPage();
    const row = await screen.findByTestId('staff-user');
    await userEvent.click(within(row).getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: '管理者' }));
    await userEvent.click(within(row).getByRole('button', { name: '変更' }));
    await userEvent.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('退会手続き中または退会済みのユーザーの権限は変更できません。')).toBeInTheDocument();
  });

  it.each(['tsumugi_manager', 'tsumugi_accountant', 'general', 'client'])('is the 403 page for %s, without asking the server', async (role) => {
    signInAs(role);
    const api = mockApi({});
    renderPage();
    expect(await screen.findByText(FORBIDDEN_TITLE)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
