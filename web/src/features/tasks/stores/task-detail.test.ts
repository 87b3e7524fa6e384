import { mockApi } from '@/test/mock-api';
import { taskDetailJson } from '@/test/task-fixtures';
import { EXTERNAL_URL_FAILED, useTaskDetail } from './task-detail';

afterEach(() => {
  vi.unstubAllGlobals();
  useTaskDetail.setState({ task: { data: null, loading: false, error: null } });
});

const file = { id: 1, file_id: 41, name: '原稿.docx', path: 'files/abc.docx', anti_virus_check_scan_status: 'clean', content_type: 'application/msword', manuscript_version_name: null, created_at: '2026-11-22T10:00:00Z' };

describe('task detail store', () => {
  it('registers the uploaded files as the delivery, then takes only updatedAt and deliveryFiles from the refetched task', async () => {
    let shown = 0;
    const api = mockApi({
      'POST /tasks/7/deliveries': { status: 201, body: { task_id: 7, delivery_id: 90, type: 'file', url: null, file_ids: [41], updated_at: '2026-11-22T10:00:00Z' } },
      'GET /tasks/7': () =>
        shown++ === 0
          ? { body: taskDetailJson(7) }
          : { body: taskDetailJson(7, { title: '別の題', status: 'under_acceptance', can_deliver: false, updated_at: '2026-11-22T10:00:00Z', delivery_files: [file] }) },
    });
    await useTaskDetail.getState().fetch(7);
    const before = useTaskDetail.getState().task.data!;

    const ok = await useTaskDetail.getState().deliverFiles([41]);

    expect(ok).toBe(true);
    expect(api.called('POST /tasks/7/deliveries')[0].body).toEqual({ type: 'file', file_ids: [41] });
    const after = useTaskDetail.getState().task.data!;
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
    await useTaskDetail.getState().fetch(7);
    expect(await useTaskDetail.getState().deliverUrl('https://example.jp/onsen', 3)).toBe(true);
    expect(api.called('GET /tasks/7')).toHaveLength(1);
    expect(api.called('POST /tasks/7/deliveries')[0].body).toEqual({ type: 'external', url: 'https://example.jp/onsen' });
    expect(useTaskDetail.getState().task.data!.deliveries).toEqual({ type: 'external', externals: [{ id: 91, userId: 3, url: 'https://example.jp/onsen' }] });
  });

  it('keeps the task when a delivery fails and records the failure on the delivery alone', async () => {
    mockApi({
      'GET /tasks/7': { body: taskDetailJson(7) },
      'POST /tasks/7/deliveries': { status: 422, body: { error: { message: '入力内容に誤りがあります', rules: { url: ['url'] } } } },
    });
    await useTaskDetail.getState().fetch(7);
    expect(await useTaskDetail.getState().deliverUrl('ftp://x', 3)).toBe(false);
    const state = useTaskDetail.getState();
    expect(state.delivery.error?.message).toBe('入力内容に誤りがあります');
    expect(state.task.error).toBeNull();
    expect(state.task.data!.deliveries.externals).toEqual([]);
    expect(EXTERNAL_URL_FAILED).toBe('外部URLの保存に失敗しました');
  });
});
