import { ValidationError } from '@/lib/errors';
import { applyDeliveryRefetch, applyExternalDelivery, cellErrorLines, describeTaskRule, groupTasks, sanitizeStatuses, withTask } from './logic';
import type { Task, TaskDetail } from './types';

const task = (id: number, type: string, dueDate: string | null): Task => ({
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

const detail = (overrides: Partial<TaskDetail> = {}): TaskDetail => ({
  ...task(7, 'writing', '2026-12-01'),
  clientId: 1,
  rewardAmount: 5000,
  tags: [],
  isInvalid: false,
  assignees: [{ userId: 3, userName: '山田 花子', state: 'taken' }],
  deliveryFiles: [],
  deliveries: { type: null, externals: [] },
  inspections: [],
  canTake: false,
  canDecline: false,
  canDeliver: true,
  canInspect: false,
  canEdit: false,
  ...overrides,
});

describe('task status filter', () => {
  it('keeps the four task statuses and drops the whole filter for anything else', () => {
    expect(sanitizeStatuses(['applying', 'under_acceptance'])).toEqual(['applying', 'under_acceptance']);
    expect(sanitizeStatuses(['done', 'done'])).toEqual(['done']);
    expect(sanitizeStatuses(['doing', 'setting'])).toEqual([]);
    expect(sanitizeStatuses(['underAcceptance'])).toEqual([]);
    expect(sanitizeStatuses([])).toEqual([]);
  });
});

describe('task grouping', () => {
  it('puts direction tasks apart and orders each group by due date, undated last', () => {
    const groups = groupTasks([
      task(1, 'writing', null),
      task(2, 'project_direction', '2026-12-10'),
      task(3, 'writing', '2026-12-01'),
      task(4, 'work_direction', '2026-11-30'),
      task(5, 'planning', '2026-12-01'),
    ]);
    expect(groups.directionTasks.map((t) => t.id)).toEqual([4, 2]);
    expect(groups.tasks.map((t) => t.id)).toEqual([3, 5, 1]);
  });

  it('slots a new task into its group in order, replacing one with the same id', () => {
    const groups = groupTasks([task(1, 'writing', '2026-12-01'), task(2, 'writing', '2026-12-20')]);
    const added = withTask(groups, task(3, 'writing', '2026-12-10'));
    expect(added.tasks.map((t) => t.id)).toEqual([1, 3, 2]);
    const direction = withTask(added, { ...task(1, 'work_direction', '2026-12-01') });
    expect(direction.tasks.map((t) => t.id)).toEqual([3, 2]);
    expect(direction.directionTasks.map((t) => t.id)).toEqual([1]);
  });
});

describe('delivery updates', () => {
  it('takes only updatedAt and deliveryFiles from the task fetched after a delivery', () => {
    const current = detail({ title: '古い題', status: 'doing' });
    const fresh = detail({
      title: '新しい題',
      status: 'under_acceptance',
      updatedAt: '2026-11-22T10:00:00Z',
      canDeliver: false,
      deliveryFiles: [{ id: 1, fileId: 9, name: 'a.docx', path: 'files/a', antiVirusCheckScanStatus: 'clean', createdAt: '2026-11-22T10:00:00Z' }],
    });
    const next = applyDeliveryRefetch(current, fresh);
    expect(next.updatedAt).toBe('2026-11-22T10:00:00Z');
    expect(next.deliveryFiles).toBe(fresh.deliveryFiles);
    expect({ ...next, updatedAt: current.updatedAt, deliveryFiles: current.deliveryFiles }).toEqual(current);
  });

  it('appends a saved external URL and marks the delivery type external', () => {
    const current = detail({ deliveries: { type: 'file', externals: [{ id: 1, userId: 3, url: 'https://example.jp/a' }] } });
    const next = applyExternalDelivery(current, { taskId: 7, deliveryId: 2, type: 'external', url: 'https://example.jp/b', fileIds: [], updatedAt: '2026-11-22T10:00:00Z' }, 3);
    expect(next.deliveries).toEqual({
      type: 'external',
      externals: [
        { id: 1, userId: 3, url: 'https://example.jp/a' },
        { id: 2, userId: 3, url: 'https://example.jp/b' },
      ],
    });
    expect(next.updatedAt).toBe(current.updatedAt);
    expect(current.deliveries.externals).toHaveLength(1);
  });
});

describe('task messages', () => {
  it('words refused moves and spreadsheet cells in Japanese', () => {
    expect(describeTaskRule('status', 'transition:done,under_acceptance')).toBe('タスクを「完了」から「検収中」には変更できません');
    expect(describeTaskRule('title', 'required')).toBe('必須項目です');
    const error = new ValidationError('入力内容に誤りがあります', { C4: ['タイトルは255文字以内で入力してください'], B3: ['作業種別「x」は選択肢にありません', '別の誤り'] });
    expect(cellErrorLines(error)).toEqual(['セル C4: タイトルは255文字以内で入力してください', 'セル B3: 作業種別「x」は選択肢にありません', 'セル B3: 別の誤り']);
    expect(cellErrorLines(null)).toEqual([]);
  });
});
