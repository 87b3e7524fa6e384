/** The project list: pages merge as they load; a new search resets the list first. */
import type { StateCreator } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { mergePage } from '@/lib/paging';
import { projectsApi } from '../api';
import type { ProjectsState } from '../store';
import type { Project } from '../types';

export interface ProjectListSlice {
  list: AsyncState<Project[]>;
  /** A status move from the list (its error shows above the list). */
  move: AsyncState<unknown>;
  page: number;
  lastPage: number;
  keyword: string;
  statuses: string[];
  fetchPage: (page: number) => Promise<void>;
  search: (keyword: string, statuses?: string[]) => Promise<void>;
  moveListedStatus: (projectId: number, status: string) => Promise<boolean>;
}

export const listInitial = () => ({
  list: initialAsync<Project[]>([]),
  move: initialAsync<unknown>(null),
  page: 0,
  lastPage: 1,
  keyword: '',
  statuses: [] as string[],
});

export const createListSlice: StateCreator<ProjectsState, [], [], ProjectListSlice> = (set, get) => ({
  ...listInitial(),
  fetchPage: async (page) => {
    await track(
      set,
      'list',
      async () => {
        const answer = await projectsApi.list({ page, keyword: get().keyword, status: get().statuses });
        set({ page: answer.currentPage, lastPage: answer.lastPage });
        return mergePage(get().list.data, answer.projects, page);
      },
      'プロジェクト一覧の取得に失敗しました',
    );
  },
  search: async (keyword, statuses = []) => {
    set({ keyword, statuses, list: initialAsync<Project[]>([]), page: 0 });
    await get().fetchPage(1);
  },
  moveListedStatus: async (projectId, status) => {
    const moved = await track(set, 'move', () => projectsApi.update(projectId, { status }), 'プロジェクトの更新に失敗しました', (state, project) => ({
      // A project moved out of the filtered statuses leaves the list.
      list: {
        ...state.list,
        data:
          state.statuses.length && !state.statuses.includes(project.status)
            ? state.list.data.filter((p) => p.id !== project.id)
            : state.list.data.map((p) => (p.id === project.id ? { ...p, ...project } : p)),
      },
    }));
    return moved !== null;
  },
});
