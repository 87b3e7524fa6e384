import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerConfirm } from '@/test/controls';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { atRoute } from '@/test/route';
import { signInAs } from '@/test/session';
import { taskDetailJson } from '@/test/task-fixtures';
import CompletedDateRoute from './completed-date';
import InvalidTasksRoute from './invalid-tasks';
import TaskUpdateRoute from './task-update';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAll();
});

const renderRoute = (route: ReactNode) => render(<MemoryRouter>{route}</MemoryRouter>);
const idsField = () => screen.getByLabelText('タスクID（カンマまたは改行区切り）');
const BAD_IDS = 'タスクIDは半角数字をカンマまたは改行で区切って入力してください';

describe('completed date page', () => {
  it('sends the task ids parsed from the input (full-width, commas, newlines, duplicates) and the date', async () => {
    signInAs('tsumugi_accountant');
    const api = mockApi({ 'PUT /admin/tasks/completed_date': { body: { updated: 3 } } });
    renderRoute(<CompletedDateRoute />);
    const submit = screen.getByRole('button', { name: '完了日を更新' });
    await userEvent.type(idsField(), '12, ３４{Enter}12、56');
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByLabelText('完了日'), { target: { value: '2026-11-30' } });
    await userEvent.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('3件のタスクの完了日を更新しました');
    expect(api.called('PUT /admin/tasks/completed_date')[0].body).toEqual({ task_ids: [12, 34, 56], completed_date: '2026-11-30' });
  });

  it('refuses ids that are not numbers without calling the server', async () => {
    signInAs('tsumugi_manager');
    const api = mockApi({ 'PUT /admin/tasks/completed_date': { body: { updated: 1 } } });
    renderRoute(<CompletedDateRoute />);
    await userEvent.type(idsField(), '12, A-3');
    fireEvent.change(screen.getByLabelText('完了日'), { target: { value: '2026-11-30' } });
    await userEvent.click(screen.getByRole('button', { name: '完了日を更新' }));
    expect(screen.getByRole('alert')).toHaveTextContent(BAD_IDS);
    expect(idsField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('names the task the server refused, and why', async () => {
    signInAs('tsumugi_manager');
    mockApi({
      'PUT /admin/tasks/completed_date': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { 'task_ids.1': ['status:done'] } } } },
    });
    renderRoute(<CompletedDateRoute />);
    await userEvent.type(idsField(), '12,34');
    fireEvent.change(screen.getByLabelText('完了日'), { target: { value: '2026-11-30' } });
    await userEvent.click(screen.getByRole('button', { name: '完了日を更新' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容に誤りがあります。');
    expect(alert).toHaveTextContent('タスクID 34: 完了していないタスクです');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('invalid tasks page', () => {
  it('asks first, then sends the parsed task ids', async () => {
    signInAs('tsumugi_admin');
    const api = mockApi({ 'PUT /admin/tasks/invalid': { body: { updated: 2 } } });
    renderRoute(<InvalidTasksRoute />);
    await userEvent.type(idsField(), '７{Enter}8 7');
    await userEvent.click(screen.getByRole('button', { name: 'タスクを無効にする' }));
    expect(api.calls).toHaveLength(0);
    await answerConfirm('2件のタスクを無効にしますか？', true);
    expect(await screen.findByRole('status')).toHaveTextContent('2件のタスクを無効にしました');
    expect(api.called('PUT /admin/tasks/invalid')[0].body).toEqual({ task_ids: [7, 8] });
  });

  it('sends nothing when the confirmation is declined or the ids are wrong', async () => {
    signInAs('tsumugi_admin');
    const api = mockApi({ 'PUT /admin/tasks/invalid': { body: { updated: 1 } } });
    renderRoute(<InvalidTasksRoute />);
    await userEvent.type(idsField(), '7');
    await userEvent.click(screen.getByRole('button', { name: 'タスクを無効にする' }));
    await answerConfirm('1件のタスクを無効にしますか？', false);
    await userEvent.type(idsField(), ', 0');
    await userEvent.click(screen.getByRole('button', { name: 'タスクを無効にする' }));
    expect(screen.getByRole('alert')).toHaveTextContent(BAD_IDS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('names a task that does not exist', async () => {
    signInAs('tsumugi_admin');
    mockApi({ 'PUT /admin/tasks/invalid': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { 'task_ids.0': ['exists'] } } } } });
    renderRoute(<InvalidTasksRoute />);
    await userEvent.type(idsField(), '999');
    await userEvent.click(screen.getByRole('button', { name: 'タスクを無効にする' }));
    await answerConfirm('1件のタスクを無効にしますか？', true);
    expect(await screen.findByRole('alert')).toHaveTextContent('タスクID 999: 存在しないタスクです');
  });
});

describe('task update page', () => {
  const original = taskDetailJson(9, {
    title: '箱根の記事',
    status: 'doing',
    order_date: '2026-11-01',
    due_date: '2026-12-01',
    completed_date: null,
    reward_amount: 5000,
  });

  it('loads a task and sends only the fields that changed, against what was last saved', async () => {
    signInAs('tsumugi_manager');
    let saved: Record<string, unknown> = { ...original };
    const api = mockApi({
      'GET /tasks/9': () => ({ body: saved }),
      'PUT /admin/tasks/9': ({ body }) => {
        saved = { ...saved, ...(body as object) };
        return { body: saved };
      },
    });
    renderRoute(<TaskUpdateRoute />);
    await userEvent.type(screen.getByLabelText('タスクID'), '９');
    await userEvent.click(screen.getByRole('button', { name: '読み込む' }));
    expect(await screen.findByLabelText('タイトル')).toHaveValue('箱根の記事');
    expect(api.called('GET /tasks/9')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'タスク 9' })).toHaveAttribute('href', '/tasks/9');
    expect(screen.getByRole('radio', { name: '作業中' })).toBeChecked();
    expect(screen.getByLabelText('納期')).toHaveValue('2026/12/1');
    expect(screen.getByLabelText('報酬（円）')).toHaveValue('5000');

    await userEvent.clear(screen.getByLabelText('タイトル'));
    await userEvent.type(screen.getByLabelText('タイトル'), '熱海の記事 ');
    await userEvent.clear(screen.getByLabelText('報酬（円）'));
    await userEvent.type(screen.getByLabelText('報酬（円）'), '８０００');
    await userEvent.click(screen.getByRole('button', { name: 'タスクを更新' }));
    expect(await screen.findByRole('status')).toHaveTextContent('タスクを更新しました');
    expect(api.called('PUT /admin/tasks/9')[0].body).toEqual({ title: '熱海の記事', reward_amount: 8000 });

    // A second change is measured against the saved task, not the one first loaded.
    await userEvent.click(screen.getByRole('radio', { name: '完了' }));
    fireEvent.change(screen.getByLabelText('完了日'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('納期'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'タスクを更新' }));
    await waitFor(() => expect(api.called('PUT /admin/tasks/9')).toHaveLength(2));
    expect(api.called('PUT /admin/tasks/9')[1].body).toEqual({ status: 'done', due_date: '', completed_date: '2026-11-30' });

    // Putting the first title back is a change too.
    await userEvent.clear(screen.getByLabelText('タイトル'));
    await userEvent.type(screen.getByLabelText('タイトル'), '箱根の記事');
    await userEvent.click(screen.getByRole('button', { name: 'タスクを更新' }));
    await waitFor(() => expect(api.called('PUT /admin/tasks/9')).toHaveLength(3));
    expect(api.called('PUT /admin/tasks/9')[2].body).toEqual({ title: '箱根の記事' });
  });

  it('blocks a reward that is not a number, and shows a refused change in Japanese', async () => {
    signInAs('tsumugi_admin');
    const api = mockApi({
      'GET /tasks/9': { body: original },
      'PUT /admin/tasks/9': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { order_date: ['date_format:Y-m-d'] } } } },
    });
    renderRoute(<TaskUpdateRoute />);
    await userEvent.type(screen.getByLabelText('タスクID'), '9');
    await userEvent.click(screen.getByRole('button', { name: '読み込む' }));
    await userEvent.clear(await screen.findByLabelText('報酬（円）'));
    await userEvent.type(screen.getByLabelText('報酬（円）'), '5千円');
    expect(screen.getByRole('alert')).toHaveTextContent('報酬は半角数字で入力してください');
    expect(screen.getByRole('button', { name: 'タスクを更新' })).toBeDisabled();

    await userEvent.clear(screen.getByLabelText('報酬（円）'));
    await userEvent.type(screen.getByLabelText('報酬（円）'), '5000');
    fireEvent.change(screen.getByLabelText('発注日'), { target: { value: '2026-10-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'タスクを更新' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('発注日: 日付を正しく入力してください');
    expect(api.called('PUT /admin/tasks/9')[0].body).toEqual({ order_date: '2026-10-31' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a task that cannot be found', async () => {
    signInAs('tsumugi_manager');
    mockApi({ 'GET /tasks/404': { status: 404, body: {} } });
    renderRoute(<TaskUpdateRoute />);
    await userEvent.type(screen.getByLabelText('タスクID'), '404');
    await userEvent.click(screen.getByRole('button', { name: '読み込む' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('お探しのデータは存在しません');
    expect(screen.queryByLabelText('タイトル')).not.toBeInTheDocument();
  });
});

describe('staff only', () => {
  it.each([
    ['完了日更新', '/admins/tasks/completed_date/update', <CompletedDateRoute key="c" />],
    ['タスク無効化', '/admins/tasks/invalid', <InvalidTasksRoute key="i" />],
    ['タスク更新', '/admins/task/update', <TaskUpdateRoute key="u" />],
  ])('%s refuses clients and creators', (title, url, route) => {
    for (const [role, clientId] of [
      ['client', 4],
      ['general', null],
      ['editor_assistant', null],
    ] as const) {
      signInAs(role, { clientId });
      const api = mockApi({});
      const { unmount } = render(atRoute(url, route));
      expect(screen.getByTestId('forbidden-page')).toHaveTextContent('アクセスが許可されていません');
      expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
      expect(api.calls).toHaveLength(0);
      unmount();
    }
    signInAs('tsumugi_accountant');
    render(atRoute(url, route));
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });
});
