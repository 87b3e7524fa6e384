import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { useDeliveries } from './store';

const delivery = (id: number, createdAt: string) => ({
  id,
  task_id: id * 10,
  task_title: `タスク${id}`,
  task_status: 'under_acceptance',
  project_id: 2,
  project_name: '秋の特集',
  work_id: 5,
  work_name: '温泉ガイド',
  user_id: 3,
  user_name: '山田 花子',
  type: 'external',
  url: `https://example.jp/${id}`,
  files: [],
  created_at: createdAt,
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

describe('deliveries store: a client’s deliveries', () => {
  it('lists newest first across pages and merges a live refresh without losing older pages', async () => {
    let fresh = false;
    mockApi({
      'GET /clients/1/deliveries': ({ query }) => {
        const page = Number(query.get('page'));
        const first = fresh ? [delivery(4, '2026-11-22T09:00:00Z'), delivery(3, '2026-11-21T09:00:00Z')] : [delivery(3, '2026-11-21T09:00:00Z'), delivery(2, '2026-11-20T09:00:00Z')];
        return { body: { deliveries: page === 2 ? [delivery(1, '2026-11-19T09:00:00Z')] : first, current_page: page, last_page: 2, per_page: 2, total: 3 } };
      },
    });
    await useDeliveries.getState().fetchPage(1, 1);
    await useDeliveries.getState().fetchPage(1, 2);
    expect(useDeliveries.getState().list.data.map((d) => d.id)).toEqual([3, 2, 1]);
    fresh = true;
    await useDeliveries.getState().refresh(1);
    expect(useDeliveries.getState().list.data.map((d) => d.id)).toEqual([4, 3, 2, 1]);
  });
});
