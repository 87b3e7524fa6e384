import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { closeFakeSocket, openFakeSocket } from '@/test/fake-socket';
import { mockApi } from '@/test/mock-api';
import { taskJson } from '@/test/task-fixtures';
import { TasksPage } from './tasks-page';

vi.mock('socket.io-client', () => import('@/test/fake-socket'));

afterEach(() => {
  closeFakeSocket();
  vi.unstubAllGlobals();
});

const answer = { body: { direction_tasks: [taskJson(1, { type: 'project_direction', title: '全体進行' })], tasks: [taskJson(2, { title: '温泉の記事' })] } };

function renderAt(url: string, clientId: number | null = null) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <TasksPage viewer={{ userId: 1, role: clientId ? 'client' : 'general', clientId }} />
    </MemoryRouter>,
  );
}

describe('tasks page', () => {
  it('filters by the status in the URL and shows direction tasks apart', async () => {
    const api = mockApi({ 'GET /clients/4/tasks': answer });
    renderAt('/tasks?status[]=under_acceptance', 4);
    expect(await screen.findByText('温泉の記事')).toBeInTheDocument();
    expect(api.calls[0].query.getAll('status[]')).toEqual(['under_acceptance']);
    expect(screen.getByRole('button', { name: '検収中' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('direction-task-list')).toHaveTextContent('全体進行');
    expect(screen.getByTestId('task-list')).not.toHaveTextContent('全体進行');
    expect(screen.getByRole('link', { name: '温泉の記事' })).toHaveAttribute('href', '/tasks/2');
  });

  it('drops a status filter holding an unknown value, and moves the filter through the URL', async () => {
    const api = mockApi({ 'GET /tasks': answer });
    renderAt('/tasks?status[]=doing&status[]=setting');
    await screen.findByText('温泉の記事');
    expect(api.calls[0].query.getAll('status[]')).toEqual([]);
    expect(screen.getByRole('button', { name: 'すべて' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '完了' }));
    await waitFor(() => expect(api.calls.at(-1)?.query.getAll('status[]')).toEqual(['done']));
  });

  it('follows a pushed move, and fetches the list again when a lost connection returns', async () => {
    let status = 'doing';
    const api = mockApi({ 'GET /tasks': () => ({ body: { direction_tasks: [], tasks: [taskJson(2, { title: '温泉の記事', status })] } }) });
    renderAt('/tasks');
    const list = () => within(screen.getByTestId('task-list'));
    expect(await screen.findByText('温泉の記事')).toBeInTheDocument();
    expect(list().getByText('作業中')).toBeInTheDocument();
    const socket = await openFakeSocket();

    status = 'under_acceptance';
    socket.push('task.updated', { id: 2, status });
    expect(await list().findByText('検収中')).toBeInTheDocument();

    // Moved while the connection was down: no push arrives, the return fetches it.
    socket.drops();
    status = 'done';
    await new Promise((r) => setTimeout(r, 20));
    expect(api.called('GET /tasks')).toHaveLength(2);
    socket.serverConnects();
    await waitFor(() => expect(api.called('GET /tasks')).toHaveLength(3));
    expect(await list().findByText('完了')).toBeInTheDocument();
  });
});
