import { mockApi } from '@/test/mock-api';
import { UNIT_PRICING_FAILED, useProjectDetail } from './project-detail';
import { projectJson, resetProjectDetail } from '../test-fixtures';
import { describeProjectRule } from '../types';

afterEach(resetProjectDetail);

describe('project detail store', () => {
  it('keeps a unit pricing failure to itself: the main error stays clear', async () => {
    mockApi({
      'GET /v2/projects/2': { body: projectJson() },
      'GET /crm/order/SF-1/unit_pricing': { status: 502, body: { error: { message: UNIT_PRICING_FAILED } } },
    });
    await useProjectDetail.getState().fetch(2);
    await useProjectDetail.getState().fetchUnitPricing('SF-1');
    const state = useProjectDetail.getState();
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
    await useProjectDetail.getState().fetch(2);
    await useProjectDetail.getState().fetchUnitPricing('SF-1');
    expect(useProjectDetail.getState().unitPricing.data?.items[0]).toEqual({ taskType: 'writing', label: '執筆', unitPrice: 8000 });

    expect(await useProjectDetail.getState().addAgencyWork('運用代行', 'SF-1')).toBe(true);
    expect(api.called('POST /v2/projects/2/works_for_operation_agency')[0].body).toEqual({ name: '運用代行', crm_order_id: 'SF-1' });
    const state = useProjectDetail.getState();
    expect(state.unitPricing).toEqual({ data: null, loading: false, error: null });
    expect(state.project.data?.works.map((w) => w.name)).toEqual(['温泉ガイド', '運用代行']);
  });

  it('removes a deleted work locally and reports a refused status move in Japanese', async () => {
    mockApi({
      'GET /v2/projects/2': { body: projectJson() },
      'DELETE /v2/projects/2/works/5': { status: 204 },
      'PUT /v2/projects/2': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { status: ['transition:setting,done'] } } } },
    });
    await useProjectDetail.getState().fetch(2);
    expect(await useProjectDetail.getState().deleteWork(5)).toBe(true);
    expect(useProjectDetail.getState().project.data?.works).toEqual([]);

    expect(await useProjectDetail.getState().moveStatus('done')).toBe(false);
    const error = useProjectDetail.getState().write.error;
    expect(error?.message).toBe('入力内容に誤りがあります。');
    expect(describeProjectRule('status', 'transition:setting,done')).toBe('「設定中」から「完了」には変更できません');
    expect(useProjectDetail.getState().project.data?.status).toBe('setting');
  });
});
