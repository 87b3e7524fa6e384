/** The caller's tasks (a client's: its own client's), direction tasks apart, filtered by status. */
import type { StateCreator } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { groupTasks, type TaskGroups } from '@/lib/tasks';
import { tasksApi } from '../api';
import { sanitizeStatuses } from '../logic';
import type { TasksState } from '../store';

export interface TaskListSlice {
  list: AsyncState<TaskGroups>;
  /** The filter actually applied (already sanitised). */
  statuses: string[];
  clientId: number | null;
  fetchList: (statuses: string[], clientId: number | null) => Promise<void>;
  /** Loads again with the current filter (live updates). */
  refetchList: () => Promise<void>;
}

const empty = (): TaskGroups => ({ directionTasks: [], tasks: [] });
export const listInitial = () => ({ list: initialAsync(empty()), statuses: [] as string[], clientId: null as number | null });

export const createListSlice: StateCreator<TasksState, [], [], TaskListSlice> = (set, get) => ({
  ...listInitial(),
  fetchList: async (statuses, clientId) => {
    const applied = sanitizeStatuses(statuses);
    set({ statuses: applied, clientId });
    await track(
      set,
      'list',
      async () => {
        const answer = clientId === null ? await tasksApi.list(applied) : await tasksApi.clientList(clientId, applied);
        // The server already groups and sorts; grouping again keeps the rule in one place if it ever does not.
        return groupTasks([...answer.directionTasks, ...answer.tasks]);
      },
      'タスク一覧の取得に失敗しました',
    );
  },
  refetchList: () => get().fetchList(get().statuses, get().clientId),
});
