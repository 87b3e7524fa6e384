import { api } from '@/lib/api-client';
import { toSnake } from '@/lib/case';
import type { UserUpdated } from '@/lib/events';
import type { WorkStatus } from './types';

export const workStatusApi = {
  /** Answers the updated User record (the same the `user.updated` event carries). */
  update: (status: Exclude<WorkStatus, 'notSet'>) => api.put<UserUpdated>('/users/me/work_status', { workStatus: toSnake(status) }),
};
