/** The caller's tasks (a client's: its own client's), direction tasks apart, filtered by status. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { groupTasks, type TaskGroups } from '@/lib/tasks';
import { tasksApi } from '../api';
import { sanitizeStatuses } from '../logic';

interface TaskListState {
  list: AsyncState<TaskGroups>;
  /** The filter actually applied (already sanitised). */
  statuses: string[];
  clientId: number | null;
  fetch: (statuses: string[], clientId: number | null) => Promise<void>;
  /** Loads again with the current filter (live updates). */
  refetch: () => Promise<void>;
}

const empty = (): TaskGroups => ({ directionTasks: [], tasks: [] });
const initial = () => ({ list: initialAsync(empty()), statuses: [] as string[], clientId: null as number | null });

export const useTaskList = create<TaskListState>((set, get) => ({
  ...initial(),
  fetch: async (statuses, clientId) => {
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
  refetch: () => get().fetch(get().statuses, get().clientId),
}));

registerReset(() => useTaskList.setState(initial()));
