import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { resetAll } from '@/lib/reset';
import { type Call, mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import CreatorRoute from './creator';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetAll();
});

function renderAt(id: number) {
  render(
    <MemoryRouter initialEntries={[`/creators/${id}`]}>
      <Routes>
        <Route path="/creators/:userId" element={<CreatorRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('admin flags on the creator page', () => {
  it('a manager sets flags and sees what each does', async () => {
    signInAs('tsumugi_manager');
    let flags: string[] = ['need_attention'];
    const api = mockApi({
      'GET /users/5/admin_flags': () => ({ body: { user_id: 5, admin_flags: flags } }),
      'PUT /users/5/admin_flags': ({ body }: Call) => {
        flags = (body as { admin_flags: string[] }).admin_flags;
        return { body: { user_id: 5, admin_flags: flags } };
      },
    });
    renderAt(5);
    const panel = await screen.findByTestId('admin-flags');
    await waitFor(() => expect(within(panel).getByLabelText(/要注意/)).toBeChecked());
    expect(panel).toHaveTextContent('依頼ができなくなり、クリエイター検索にも表示されません。');
    await userEvent.click(within(panel).getByLabelText(/一時オファー停止/));
    await userEvent.click(screen.getByRole('button', { name: 'フラグを保存' }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
    expect(api.called('PUT /users/5/admin_flags')[0].body).toEqual({ admin_flags: ['need_attention', 'temporary_offer_stop'] });
  });

  it('an accountant reads them; a client never asks', async () => {
    signInAs('tsumugi_accountant');
    mockApi({ 'GET /users/5/admin_flags': { body: { user_id: 5, admin_flags: ['black'] } } });
    renderAt(5);
    expect(await screen.findByTestId('admin-flags')).toHaveTextContent('ブラック');
    expect(screen.queryByRole('button', { name: 'フラグを保存' })).not.toBeInTheDocument();
    cleanup();
    resetAll();
    signInAs('client');
    const api = mockApi({});
    renderAt(5);
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(api.called('GET /users/5/admin_flags')).toHaveLength(0);
    expect(screen.queryByText('管理フラグ（スタッフのみ）')).not.toBeInTheDocument();
  });
});
