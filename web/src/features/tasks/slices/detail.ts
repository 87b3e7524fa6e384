/** One task (the task page): taking, declining, delivering and inspecting it. */
import type { StateCreator } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { AppError } from '@/lib/errors';
import { tasksApi } from '../api';
import { applyDeliveryRefetch, applyExternalDelivery } from '../logic';
import type { TasksState } from '../store';
import type { TaskDetail } from '../types';

export const DELIVERY_FAILED = '納品登録に失敗しました';
export const EXTERNAL_URL_FAILED = '外部URLの保存に失敗しました';

export interface TaskDetailSlice {
  task: AsyncState<TaskDetail | null>;
  /** Take, decline and inspect. */
  action: AsyncState<unknown>;
  /** File and URL deliveries. */
  delivery: AsyncState<unknown>;
  fetchTask: (taskId: number) => Promise<void>;
  take: () => Promise<boolean>;
  decline: () => Promise<boolean>;
  /** Registers the files already uploaded (resumable uploads, by id) as the delivery. */
  deliverFiles: (fileIds: number[]) => Promise<boolean>;
  deliverUrl: (url: string, userId: number) => Promise<boolean>;
  inspect: (result: 'accepted' | 'rejected', reason?: string) => Promise<boolean>;
}

export const detailInitial = () => ({
  task: initialAsync<TaskDetail | null>(null),
  action: initialAsync<unknown>(null),
  delivery: initialAsync<unknown>(null),
});

export const createDetailSlice: StateCreator<TasksState, [], [], TaskDetailSlice> = (set, get) => {
  const current = (): TaskDetail => {
    const task = get().task.data;
    if (!task) throw new AppError('タスクが読み込まれていません');
    return task;
  };
  /** Take, decline or inspect, then show the task as the server now has it. */
  const act = async (operation: (taskId: number) => Promise<unknown>, fallback: string, refetch = true) => {
    const answer = await track(set, 'action', async () => (await operation(current().id)) ?? true, fallback);
    if (answer === null) return false;
    if (refetch) await get().fetchTask(current().id);
    return true;
  };

  return {
    ...detailInitial(),
    fetchTask: async (taskId) => {
      // Another task: forget the last one's state (the list's is left alone).
      if (get().task.data?.id !== taskId) set(detailInitial());
      await track(set, 'task', () => tasksApi.show(taskId), 'タスクの取得に失敗しました');
    },
    take: () => act(tasksApi.take, 'タスクの受注に失敗しました'),
    // A declined task may no longer be visible to the creator; the page leaves it.
    decline: () => act(tasksApi.decline, 'タスクの辞退に失敗しました', false),
    deliverFiles: async (fileIds) => {
      const answer = await track(
        set,
        'delivery',
        async () => {
          const task = current();
          await tasksApi.deliverFiles(task.id, fileIds);
          return tasksApi.show(task.id);
        },
        DELIVERY_FAILED,
        (state, fresh) => ({ task: state.task.data ? { ...state.task, data: applyDeliveryRefetch(state.task.data, fresh) } : state.task }),
      );
      return answer !== null;
    },
    deliverUrl: async (url, userId) => {
      const answer = await track(set, 'delivery', () => tasksApi.deliverUrl(current().id, url), EXTERNAL_URL_FAILED, (state, registered) => ({
        task: state.task.data ? { ...state.task, data: applyExternalDelivery(state.task.data, registered, userId) } : state.task,
      }));
      return answer !== null;
    },
    inspect: (result, reason) => act((taskId) => tasksApi.inspect(taskId, result, reason), '検収に失敗しました'),
  };
};
