import { taskRow } from '@/test/task-fixtures';
import { applyDeliveryRefetch, applyExternalDelivery, sanitizeStatuses } from './logic';
import type { TaskDetail } from './types';

const task = taskRow;

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

describe('delivery updates', () => {
  it('takes only updatedAt and deliveryFiles from the task fetched after a delivery', () => {
    const current = detail({ title: '古い題', status: 'doing' });
    const fresh = detail({
      title: '新しい題',
      status: 'under_acceptance',
      updatedAt: '2026-11-22T10:00:00Z',
      canDeliver: false,
      deliveryFiles: [{ id: 1, fileId: 9, name: 'a.docx', path: 'files/a', antiVirusCheckScanStatus: 'clean', contentType: 'application/msword', manuscriptVersionName: null, createdAt: '2026-11-22T10:00:00Z' }],
    });
    const next = applyDeliveryRefetch(current, fresh);
    expect(next.updatedAt).toBe('2026-11-22T10:00:00Z');
    expect(next.deliveryFiles).toBe(fresh.deliveryFiles);
    expect({ ...next, updatedAt: current.updatedAt, deliveryFiles: current.deliveryFiles }).toEqual(current);
  });

  it('appends a saved external URL and marks the delivery type external', () => {
    const current = detail({ deliveries: { type: 'file', externals: [{ id: 1, userId: 3, url: 'https://example.jp/a' }] } });
    const next = applyExternalDelivery(current, { taskId: 7, deliveryId: 2, type: 'external', url: 'https://example.jp/b', fileIds: [], manuscriptVersionId: null, updatedAt: '2026-11-22T10:00:00Z' }, 3);
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
