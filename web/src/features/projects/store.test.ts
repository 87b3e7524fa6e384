import { mockApi } from '@/test/mock-api';
import { UNIT_PRICING_FAILED } from './slices/detail';
import { useProjects } from './store';
import { projectJson, resetProjects } from './test-fixtures';
import { describeProjectRule } from './types';

afterEach(resetProjects);

const project = (id: number) => ({ id, name: `p${id}`, description: '', status: 'doing', media_id: 1, media_name: 'm', client_id: 1, company_name: 'c', work_count: 0, created_at: '2026-11-22T00:00:00Z', updated_at: '2026-11-22T00:00:00Z' });

function serve(pages: Record<number, number[]>) {
  const fetchMock = vi.fn(async (url: string) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    return new Response(JSON.stringify({ projects: (pages[page] ?? []).map(project), current_page: page, last_page: 2, per_page: 2, total: 3 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('projects store: the list', () => {
  it('merges pages and resets the list on a new search', async () => {
    const fetchMock = serve({ 1: [3, 2], 2: [2, 1] });
    await useProjects.getState().search('');
    await useProjects.getState().fetchPage(2);
    expect(useProjects.getState().list.data.map((p) => p.id)).toEqual([3, 2, 1]);
    await useProjects.getState().search('京都');
    expect(useProjects.getState().list.data.map((p) => p.id)).toEqual([3, 2]);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('keyword=%E4%BA%AC%E9%83%BD');
  });
});

describe('projects store: one project', () => {
  it('keeps a unit pricing failure to itself: the main error stays clear', async () => {
    mockApi({
      'GET /v2/projects/2': { body: projectJson() },
      'GET /crm/order/SF-1/unit_pricing': { status: 502, body: { error: { message: UNIT_PRICING_FAILED } } },
    });
    await useProjects.getState().fetchProject(2);
    await useProjects.getState().fetchUnitPricing('SF-1');
    const state = useProjects.getState();
    expect(state.unitPricing.error?.message).toBe('SFからのデータ取得に失敗しました。');
    expect(state.unitPricing.loading).toBe(false);
    expect(state.project.error).toBeNull();
    expect(state.write.error).toBeNull();
    expect(state.project.data?.name).toBe('秋の特集');
  });

  it('shows the unit pricing, and clears it once the operation agency work is created', async () => {
    const api = mockApi({
      'GET /v2/projects/2': { body: projectJson() },
      'GET /crm/order/SF-1/unit_pricing': { body: { crm_order_id: 'SF-1', items: [{ task_type: 'writing', label: '執筆', unit_price: 8000 }] } },
      'POST /v2/projects/2/works_for_operation_agency': {
        status: 201,
        body: { id: 6, project_id: 2, name: '運用代行', is_operation_agency: true, crm_order_id: 'SF-1', direction_tasks: [], tasks: [] },
      },
    });
    await useProjects.getState().fetchProject(2);
    await useProjects.getState().fetchUnitPricing('SF-1');
    expect(useProjects.getState().unitPricing.data?.items[0]).toEqual({ taskType: 'writing', label: '執筆', unitPrice: 8000 });

    expect(await useProjects.getState().addAgencyWork('運用代行', 'SF-1')).toBe(true);
    expect(api.called('POST /v2/projects/2/works_for_operation_agency')[0].body).toEqual({ name: '運用代行', crm_order_id: 'SF-1' });
    const state = useProjects.getState();
    expect(state.unitPricing).toEqual({ data: null, loading: false, error: null });
    expect(state.project.data?.works.map((w) => w.name)).toEqual(['温泉ガイド', '運用代行']);
  });

  it('removes a deleted work locally and reports a refused status move in Japanese', async () => {
    mockApi({
      'GET /v2/projects/2': { body: projectJson() },
      'DELETE /v2/projects/2/works/5': { status: 204 },
      'PUT /v2/projects/2': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { status: ['transition:setting,done'] } } } },
    });
    await useProjects.getState().fetchProject(2);
    expect(await useProjects.getState().deleteWork(5)).toBe(true);
    expect(useProjects.getState().project.data?.works).toEqual([]);

    expect(await useProjects.getState().moveProjectStatus('done')).toBe(false);
    const error = useProjects.getState().write.error;
    expect(error?.message).toBe('入力内容に誤りがあります。');
    expect(describeProjectRule('status', 'transition:setting,done')).toBe('「設定中」から「完了」には変更できません');
    expect(useProjects.getState().project.data?.status).toBe('setting');
  });
});

describe('projects store: list and project side by side', () => {
  it('opening another project leaves the list as loaded, and a new search leaves the open project', async () => {
    mockApi({
      'GET /v2/projects': { body: { projects: [project(3), project(2)], current_page: 1, last_page: 2, per_page: 2, total: 3 } },
      'GET /v2/projects/2': { body: projectJson() },
      'GET /v2/projects/4': { body: projectJson({ id: 4, name: '冬の特集' }) },
    });
    await useProjects.getState().search('');
    await useProjects.getState().fetchProject(2);
    await useProjects.getState().fetchProject(4);
    expect(useProjects.getState().list.data.map((p) => p.id)).toEqual([3, 2]);
    expect(useProjects.getState().page).toBe(1);

    await useProjects.getState().search('京都');
    expect(useProjects.getState().project.data?.name).toBe('冬の特集');
  });
});
