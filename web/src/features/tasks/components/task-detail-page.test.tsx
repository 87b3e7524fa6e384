import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerConfirm } from '@/test/controls';
import { MemoryRouter, Route, Routes } from 'react-router';
import { closeFakeSocket, openFakeSocket } from '@/test/fake-socket';
import { mockApi } from '@/test/mock-api';
import { taskDetailJson } from '@/test/task-fixtures';
import { useTasks } from '../store';
import { TaskDetailPage } from './task-detail-page';

vi.mock('socket.io-client', () => import('@/test/fake-socket'));

afterEach(() => {
  closeFakeSocket();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useTasks.setState({ task: { data: null, loading: false, error: null }, action: { data: null, loading: false, error: null } });
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/tasks/7']}>
      <Routes>
        <Route path="/tasks/:taskId" element={<TaskDetailPage viewer={{ userId: 3, role: 'general', clientId: null }} />} />
        <Route path="/tasks" element={<p>タスク一覧</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('task detail page', () => {
  it('takes an offered task and shows its new status', async () => {
    let taken = false;
    const api = mockApi({
      'GET /tasks/7': () => ({ body: taskDetailJson(7, taken ? { status: 'doing', can_take: false } : { status: 'applying', can_take: true, can_decline: true, can_deliver: false }) }),
      'POST /tasks/7/take': () => {
        taken = true;
        return { body: { id: 7, status: 'doing' } };
      },
    });
    renderPage();
    expect(await screen.findByTestId('task-status')).toHaveTextContent('応募中');
    await userEvent.click(screen.getByRole('button', { name: '受注する' }));
    await waitFor(() => expect(screen.getByTestId('task-status')).toHaveTextContent('作業中'));
    expect(api.called('POST /tasks/7/take')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '受注する' })).not.toBeInTheDocument();
  });

  it('refetches on task.updated for this task only', async () => {
    const api = mockApi({ 'GET /tasks/7': { body: taskDetailJson(7) } });
    renderPage();
    await screen.findByTestId('task-status');
    const socket = await openFakeSocket();
    socket.push('task.updated', { id: 8, status: 'done' });
    socket.push('task.updated', { id: 7, status: 'under_acceptance' });
    await waitFor(() => expect(api.called('GET /tasks/7')).toHaveLength(2));
  });

  it('shows the status the task reached while the connection was down once it returns', async () => {
    let status = 'doing';
    const api = mockApi({ 'GET /tasks/7': () => ({ body: taskDetailJson(7, { status }) }) });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('task-status')).toHaveTextContent('作業中'));
    const socket = await openFakeSocket();
    socket.missWhileDown(() => (status = 'under_acceptance'));
    await waitFor(() => expect(screen.getByTestId('task-status')).toHaveTextContent('検収中'));
    expect(api.called('GET /tasks/7')).toHaveLength(2);
  });

  it('asks for a reason before sending a rejection', async () => {
    const api = mockApi({
      'GET /tasks/7': { body: taskDetailJson(7, { status: 'under_acceptance', can_deliver: false, can_inspect: true }) },
      'PUT /tasks/7/inspection': { body: { id: 7, status: 'doing' } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '差し戻す' }));
    expect(screen.getByText('差し戻し理由を入力してください')).toBeInTheDocument();
    expect(api.called('PUT /tasks/7/inspection')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('差し戻し理由'), '見出しを直してください');
    await userEvent.click(screen.getByRole('button', { name: '差し戻す' }));
    await waitFor(() => expect(api.called('PUT /tasks/7/inspection')[0]?.body).toEqual({ result: 'rejected', reason: '見出しを直してください' }));
  });
  describe('decline', () => {
    const offered = taskDetailJson(7, {
      title: '箱根の記事',
      status: 'applying',
      assignees: [{ user_id: 3, user_name: '山田 花子', state: 'offered' }],
      can_take: true,
      can_decline: true,
      can_deliver: false,
    });

    it('asks first, declines and leaves for the task list', async () => {
      const api = mockApi({ 'GET /tasks/7': { body: offered }, 'POST /tasks/7/decline': { status: 204 } });
      renderPage();
      expect(await screen.findByText('山田 花子（オファー中）')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '辞退する' }));
      expect(api.called('POST /tasks/7/decline')).toHaveLength(0);
      await answerConfirm('「箱根の記事」の依頼を辞退しますか？', true);
      expect(await screen.findByText('タスク一覧')).toBeInTheDocument();
      expect(api.called('POST /tasks/7/decline')).toHaveLength(1);
      expect(api.called('POST /tasks/7/decline')[0].body).toBeUndefined();
      // The declined task may be out of the creator's reach: it is not fetched again.
      expect(api.called('GET /tasks/7')).toHaveLength(1);
    });

    it('does nothing when the confirmation is declined', async () => {
      const api = mockApi({ 'GET /tasks/7': { body: offered }, 'POST /tasks/7/decline': { status: 204 } });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: '辞退する' }));
      await answerConfirm('「箱根の記事」の依頼を辞退しますか？', false);
      expect(api.called('POST /tasks/7/decline')).toHaveLength(0);
      expect(screen.getByRole('heading', { name: '箱根の記事' })).toBeInTheDocument();
      expect(screen.queryByText('タスク一覧')).not.toBeInTheDocument();
    });

    it('stays on the task and says why when the server refuses', async () => {
      mockApi({ 'GET /tasks/7': { body: offered }, 'POST /tasks/7/decline': { status: 403, body: { error: { message: 'アクセスが許可されていません' } } } });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: '辞退する' }));
      await answerConfirm('「箱根の記事」の依頼を辞退しますか？', true);
      expect(await screen.findByRole('alert')).toHaveTextContent('アクセスが許可されていません');
      expect(screen.getByRole('heading', { name: '箱根の記事' })).toBeInTheDocument();
      expect(screen.queryByText('タスク一覧')).not.toBeInTheDocument();
    });

    it('is not offered once the task is taken', async () => {
      mockApi({ 'GET /tasks/7': { body: taskDetailJson(7) } });
      renderPage();
      await screen.findByTestId('task-status');
      expect(screen.queryByRole('button', { name: '辞退する' })).not.toBeInTheDocument();
    });
  });
});
