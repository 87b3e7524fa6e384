import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { mockApi } from '@/test/mock-api';
import { taskJson } from '@/test/task-fixtures';
import { TasksPage } from './tasks-page';

vi.mock('@/lib/socket', () => ({ useLiveEvent: () => {} }));

afterEach(() => vi.unstubAllGlobals());

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
});
