/**
 * The projects feature's one store, built from slices (zustand's slices pattern): the project
 * list (`slices/list.ts`) and the project page (`slices/detail.ts`). Each slice resets only its
 * own state; logout resets both.
 */
import { create } from 'zustand';
import { registerReset } from '@/lib/reset';
import type { Slices } from '@/lib/slices';
import { createDetailSlice, detailInitial, type ProjectDetailSlice } from './slices/detail';
import { createListSlice, listInitial, type ProjectListSlice } from './slices/list';

export type ProjectsState = Slices<ProjectListSlice, ProjectDetailSlice>;

export const useProjects = create<ProjectsState>()((...a) => ({
  ...createListSlice(...a),
  ...createDetailSlice(...a),
}));

registerReset(() => useProjects.setState({ ...listInitial(), ...detailInitial() }));
