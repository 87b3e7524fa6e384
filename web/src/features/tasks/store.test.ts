import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { taskDetailJson, taskJson } from '@/test/task-fixtures';
import { EXTERNAL_URL_FAILED } from './slices/detail';
import { useTasks } from './store';

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

describe('tasks store: the list', () => {
  it('asks for the sanitised statuses and keeps direction tasks apart', async () => {
    const api = mockApi({
      'GET /tasks': {
        body: {
          direction_tasks: [taskJson(1, { type: 'work_direction' })],
          tasks: [taskJson(2, { due_date: '2026-12-20' }), taskJson(3, { due_date: '2026-12-02' })],
        },
      },
    });
    await useTasks.getState().fetchList(['under_acceptance'], null);
    expect(api.calls[0].query.getAll('status[]')).toEqual(['under_acceptance']);
    expect(useTasks.getState().list.data.directionTasks.map((t) => t.id)).toEqual([1]);
    expect(useTasks.getState().list.data.tasks.map((t) => t.id)).toEqual([3, 2]);

    await useTasks.getState().fetchList(['under_acceptance', 'bogus'], null);
    expect(api.calls[1].query.getAll('status[]')).toEqual([]);
    expect(useTasks.getState().statuses).toEqual([]);
  });

  it('reads a client’s tasks from its own list and refetches with the same filter', async () => {
    const api = mockApi({ 'GET /clients/4/tasks': { body: { direction_tasks: [], tasks: [] } } });
    await useTasks.getState().fetchList(['applying'], 4);
    await useTasks.getState().refetchList();
    expect(api.called('GET /clients/4/tasks')).toHaveLength(2);
    expect(api.calls[1].query.getAll('status[]')).toEqual(['applying']);
  });
});

const file = { id: 1, file_id: 41, name: '原稿.docx', path: 'files/abc.docx', anti_virus_check_scan_status: 'clean', content_type: 'application/msword', manuscript_version_name: null, created_at: '2026-11-22T10:00:00Z' };

describe('tasks store: one task', () => {
  it('registers the uploaded files as the delivery, then takes only updatedAt and deliveryFiles from the refetched task', async () => {
    let shown = 0;
    const api = mockApi({
      'POST /tasks/7/deliveries': { status: 201, body: { task_id: 7, delivery_id: 90, type: 'file', url: null, file_ids: [41], updated_at: '2026-11-22T10:00:00Z' } },
      'GET /tasks/7': () =>
        shown++ === 0
          ? { body: taskDetailJson(7) }
          : { body: taskDetailJson(7, { title: '別の題', status: 'under_acceptance', can_deliver: false, updated_at: '2026-11-22T10:00:00Z', delivery_files: [file] }) },
    });
    await useTasks.getState().fetchTask(7);
    const before = useTasks.getState().task.data!;

    const ok = await useTasks.getState().deliverFiles([41]);

    expect(ok).toBe(true);
    expect(api.called('POST /tasks/7/deliveries')[0].body).toEqual({ type: 'file', file_ids: [41] });
    const after = useTasks.getState().task.data!;
    expect(after.updatedAt).toBe('2026-11-22T10:00:00Z');
    expect(after.deliveryFiles).toEqual([{ id: 1, fileId: 41, name: '原稿.docx', path: 'files/abc.docx', antiVirusCheckScanStatus: 'clean', contentType: 'application/msword', manuscriptVersionName: null, createdAt: '2026-11-22T10:00:00Z' }]);
    expect(after.title).toBe(before.title);
    expect(after.status).toBe('doing');
    expect(after.canDeliver).toBe(true);
  });

  it('adds a saved external URL to the deliveries without refetching, and marks the type external', async () => {
    const api = mockApi({
      'GET /tasks/7': { body: taskDetailJson(7, { deliveries: { type: 'file', externals: [] } }) },
      'POST /tasks/7/deliveries': { status: 201, body: { task_id: 7, delivery_id: 91, type: 'external', url: 'https://example.jp/onsen', file_ids: [], updated_at: '2026-11-22T10:00:00Z' } },
    });
    await useTasks.getState().fetchTask(7);
    expect(await useTasks.getState().deliverUrl('https://example.jp/onsen', 3)).toBe(true);
    expect(api.called('GET /tasks/7')).toHaveLength(1);
    expect(api.called('POST /tasks/7/deliveries')[0].body).toEqual({ type: 'external', url: 'https://example.jp/onsen' });
    expect(useTasks.getState().task.data!.deliveries).toEqual({ type: 'external', externals: [{ id: 91, userId: 3, url: 'https://example.jp/onsen' }] });
  });

  it('keeps the task when a delivery fails and records the failure on the delivery alone', async () => {
    mockApi({
      'GET /tasks/7': { body: taskDetailJson(7) },
      'POST /tasks/7/deliveries': { status: 422, body: { error: { message: '入力内容に誤りがあります', rules: { url: ['url'] } } } },
    });
    await useTasks.getState().fetchTask(7);
    expect(await useTasks.getState().deliverUrl('ftp://x', 3)).toBe(false);
    const state = useTasks.getState();
    expect(state.delivery.error?.message).toBe('入力内容に誤りがあります');
    expect(state.task.error).toBeNull();
    expect(state.task.data!.deliveries.externals).toEqual([]);
    expect(EXTERNAL_URL_FAILED).toBe('外部URLの保存に失敗しました');
  });
});

describe('tasks store: list and task side by side', () => {
  it('opening another task leaves the list as loaded, and a live refetch of the list leaves the open task', async () => {
    mockApi({
      'GET /tasks': { body: { direction_tasks: [], tasks: [taskJson(2)] } },
      'GET /tasks/7': { body: taskDetailJson(7) },
      'GET /tasks/8': { body: taskDetailJson(8, { title: '別のタスク' }) },
    });
    await useTasks.getState().fetchList(['doing'], null);
    await useTasks.getState().fetchTask(7);
    await useTasks.getState().fetchTask(8);
    expect(useTasks.getState().list.data.tasks.map((t) => t.id)).toEqual([2]);
    expect(useTasks.getState().statuses).toEqual(['doing']);

    await useTasks.getState().refetchList();
    expect(useTasks.getState().task.data?.title).toBe('別のタスク');
  });
});
