import { api } from '@/lib/api-client';
import type { CreatorFilter } from './filters';
import type {
  Combinations,
  CreatorAttributes,
  CreatorDetail,
  CreatorSearchTag,
  CreatorTasks,
  DirectoryUser,
  ManagerMemo,
  MemoList,
  NamedRef,
  SearchOptions,
  SearchResult,
} from './types';

const quiet = { quietRefusal: true };

export const creatorsApi = {
  search: (filter: CreatorFilter) => api.get<SearchResult>('/users/search', { ...filter }, quiet),
  searchOptions: () => api.get<SearchOptions>('/creators/search_options', undefined, quiet),
  detail: (id: number) => api.get<CreatorDetail>(`/creators/${id}`, undefined, quiet),
  attributes: (id: number) => api.get<CreatorAttributes>(`/creators/${id}/attributes`, undefined, quiet),
  tasks: (id: number, page: number) => api.get<CreatorTasks>(`/creators/${id}/tasks`, { page }, quiet),
  managerMemo: (id: number) => api.get<ManagerMemo>(`/creators/${id}/manager_memo`),
  saveManagerMemo: (id: number, memo: string) => api.put<ManagerMemo>(`/creators/${id}/manager_memo`, { memo }),
  memos: (id: number) => api.get<MemoList>(`/creators/${id}/memo`),
  saveMemo: (id: number, memo: string) => api.put<MemoList>(`/creators/${id}/memo`, { memo }),
  combinations: (id: number) => api.get<Combinations>(`/creators/${id}/combinations`),
  saveCombinations: (id: number, userIds: number[]) => api.put<Combinations>(`/creators/${id}/combinations`, { userIds }),
  creatorTags: (id: number) => api.get<CreatorSearchTag[]>(`/creators/${id}/search_tags`),
  saveCreatorTags: (id: number, tags: { id: number; isExcludeType: boolean }[]) => api.put<CreatorSearchTag[]>(`/creators/${id}/search_tags`, { tags }),
  searchTags: () => api.get<NamedRef[]>('/search_tags'),
  /** Creators the NG-combination picker offers. */
  creators: () => api.get<{ users: DirectoryUser[] }>('/users', { roleTypes: ['general', 'editor_assistant'] }),
};
