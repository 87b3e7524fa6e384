/** Projects: pages merge as they load; a new search resets the list first. */
import { create } from 'zustand';
import { api } from '@/lib/api-client';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import type { Project, ProjectList } from './types';

interface ProjectsState {
  list: AsyncState<Project[]>;
  page: number;
  lastPage: number;
  keyword: string;
  fetchPage: (page: number) => Promise<void>;
  search: (keyword: string) => Promise<void>;
}

export const useProjects = create<ProjectsState>((set, get) => ({
  list: initialAsync<Project[]>([]),
  page: 0,
  lastPage: 1,
  keyword: '',
  fetchPage: async (page) => {
    await track(
      set,
      'list',
      async () => {
        const answer = await api.get<ProjectList>('/v2/projects', { page, keyword: get().keyword });
        set({ page: answer.currentPage, lastPage: answer.lastPage });
        const known = page === 1 ? [] : get().list.data;
        return [...known, ...answer.projects.filter((p) => !known.some((k) => k.id === p.id))];
      },
      'プロジェクト一覧の取得に失敗しました',
    );
  },
  search: async (keyword) => {
    set({ keyword, list: initialAsync<Project[]>([]), page: 0 });
    await get().fetchPage(1);
  },
}));

registerReset(() => useProjects.setState({ list: initialAsync<Project[]>([]), page: 0, lastPage: 1, keyword: '' }));
