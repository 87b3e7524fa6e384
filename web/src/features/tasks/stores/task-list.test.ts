import { mockApi } from '@/test/mock-api';
import { taskJson } from '@/test/task-fixtures';
import { useTaskList } from './task-list';

afterEach(() => vi.unstubAllGlobals());

describe('task list store', () => {
  it('asks for the sanitised statuses and keeps direction tasks apart', async () => {
    const api = mockApi({
      'GET /tasks': {
        body: {
          direction_tasks: [taskJson(1, { type: 'work_direction' })],
          tasks: [taskJson(2, { due_date: '2026-12-20' }), taskJson(3, { due_date: '2026-12-02' })],
        },
      },
    });
    await useTaskList.getState().fetch(['under_acceptance'], null);
    expect(api.calls[0].query.getAll('status[]')).toEqual(['under_acceptance']);
    expect(useTaskList.getState().list.data.directionTasks.map((t) => t.id)).toEqual([1]);
    expect(useTaskList.getState().list.data.tasks.map((t) => t.id)).toEqual([3, 2]);

    await useTaskList.getState().fetch(['under_acceptance', 'bogus'], null);
    expect(api.calls[1].query.getAll('status[]')).toEqual([]);
    expect(useTaskList.getState().statuses).toEqual([]);
  });

  it('reads a client’s tasks from its own list and refetches with the same filter', async () => {
    const api = mockApi({ 'GET /clients/4/tasks': { body: { direction_tasks: [], tasks: [] } } });
    await useTaskList.getState().fetch(['applying'], 4);
    await useTaskList.getState().refetch();
    expect(api.called('GET /clients/4/tasks')).toHaveLength(2);
    expect(api.calls[1].query.getAll('status[]')).toEqual(['applying']);
  });
});
