/**
 * The tasks feature's one store, built from slices (zustand's slices pattern): the task list
 * (`slices/list.ts`) and the task page (`slices/detail.ts`). Each slice resets only its own
 * state; logout resets both.
 */
import { create } from 'zustand';
import { registerReset } from '@/lib/reset';
import type { Slices } from '@/lib/slices';
import { createDetailSlice, detailInitial, type TaskDetailSlice } from './slices/detail';
import { createListSlice, listInitial, type TaskListSlice } from './slices/list';

export type TasksState = Slices<TaskListSlice, TaskDetailSlice>;

export const useTasks = create<TasksState>()((...a) => ({
  ...createListSlice(...a),
  ...createDetailSlice(...a),
}));

registerReset(() => useTasks.setState({ ...listInitial(), ...detailInitial() }));
