import type { Task } from '@/lib/tasks';

/** Server-shaped (snake_case) task answers, shared by the task and work tests. */
export const taskJson = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  type: 'writing',
  title: `タスク${id}`,
  status: 'doing',
  order_date: '2026-11-01',
  due_date: '2026-12-01',
  completed_date: null,
  work_id: 5,
  work_name: '温泉ガイド',
  project_id: 2,
  project_name: '秋の特集',
  updated_at: '2026-11-01T00:00:00Z',
  ...overrides,
});

export const taskDetailJson = (id: number, overrides: Record<string, unknown> = {}) => ({
  ...taskJson(id),
  client_id: 1,
  reward_amount: 5000,
  tags: ['秋'],
  is_invalid: false,
  assignees: [{ user_id: 3, user_name: '山田 花子', state: 'taken' }],
  delivery_files: [],
  deliveries: { type: null, externals: [] },
  inspections: [],
  can_take: false,
  can_decline: false,
  can_deliver: true,
  can_inspect: false,
  can_edit: false,
  ...overrides,
});

/** A camelCase task row as the stores hold it. */
export const taskRow = (id: number, type: string, dueDate: string | null): Task => ({
  id,
  type,
  title: `t${id}`,
  status: 'doing',
  orderDate: null,
  dueDate,
  completedDate: null,
  workId: 1,
  workName: 'w',
  projectId: 1,
  projectName: 'p',
  updatedAt: '2026-11-01T00:00:00Z',
});

/** A server-shaped work (温泉ガイド of project 2) with its tasks, for the work page's tests. */
export const workJson = (overrides: Record<string, unknown> = {}) => ({
  id: 5,
  project_id: 2,
  project_name: '秋の特集',
  project_status: 'doing',
  client_id: 1,
  can_edit: true,
  name: '温泉ガイド',
  is_operation_agency: false,
  crm_order_id: null,
  direction_tasks: [],
  tasks: [taskJson(2, { title: '箱根の記事' })],
  ...overrides,
});

/** The work page's store as it starts. */
export const emptyWorkDetail = { work: { data: null, loading: false, error: null }, users: { data: null, loading: false, error: null } };
