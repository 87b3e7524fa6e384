/** One work (product) with its tasks: creating tasks, spreadsheet templates and imports. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { AppError } from '@/lib/errors';
import { saveBlob } from '@/lib/download';
import { registerReset } from '@/lib/reset';
import { type Task, withTask } from '@/lib/tasks';
import { worksApi } from './api';
import type { AssignableUser, NewTask, SheetKind, Work } from './types';

export const TAGS_FAILED = 'タグの更新に失敗しました';
export const DOWNLOAD_FAILED = 'ファイルのダウンロードに失敗しました';

interface WorkState {
  work: AsyncState<Work | null>;
  create: AsyncState<unknown>;
  sheet: AsyncState<{ created: number; updated: number } | null>;
  tags: AsyncState<{ updated: number } | null>;
  download: AsyncState<unknown>;
  /** Creators to offer work to; null data after a failure means "type user ids instead". */
  users: AsyncState<AssignableUser[] | null>;
  fetch: (projectId: number, workId: number) => Promise<void>;
  /** The created task, or null when it was refused (the error is in `create`). */
  createTask: (task: NewTask) => Promise<Task | null>;
  importTasks: (file: File, onProgress?: (ratio: number) => void) => Promise<boolean>;
  importTags: (file: File, onProgress?: (ratio: number) => void) => Promise<boolean>;
  downloadTemplate: (kind: SheetKind) => Promise<void>;
  fetchUsers: () => Promise<void>;
}

const initial = () => ({
  work: initialAsync<Work | null>(null),
  create: initialAsync<unknown>(null),
  sheet: initialAsync<{ created: number; updated: number } | null>(null),
  tags: initialAsync<{ updated: number } | null>(null),
  download: initialAsync<unknown>(null),
  users: initialAsync<AssignableUser[] | null>(null),
});

export const useWorkDetail = create<WorkState>((set, get) => {
  const current = (): Work => {
    const work = get().work.data;
    if (!work) throw new AppError('作品が読み込まれていません');
    return work;
  };
  const reload = async () => {
    const work = get().work.data;
    if (work) await get().fetch(work.projectId, work.id);
  };

  return {
    ...initial(),
    fetch: async (projectId, workId) => {
      const known = get().work.data;
      if (known && known.id !== workId) set({ ...initial(), users: get().users });
      await track(set, 'work', () => worksApi.show(projectId, workId), '作品の取得に失敗しました');
    },
    createTask: async (task) => {
      const created = await track(set, 'create', () => worksApi.createTask(current().id, task), 'タスクの登録に失敗しました', (state, detail) => ({
        work: state.work.data ? { ...state.work, data: withTask(state.work.data, detail) } : state.work,
      }));
      return created;
    },
    importTasks: async (file, onProgress) => {
      const answer = await track(set, 'sheet', () => worksApi.importTasks(current().id, file, onProgress), 'タスクの取り込みに失敗しました');
      if (answer) await reload();
      return answer !== null;
    },
    importTags: async (file, onProgress) => {
      const answer = await track(set, 'tags', () => worksApi.importTags(file, onProgress), TAGS_FAILED);
      if (answer) await reload();
      return answer !== null;
    },
    downloadTemplate: async (kind) => {
      await track(
        set,
        'download',
        async () => {
          const file = await worksApi.template(kind);
          saveBlob(file.blob, file.fileName ?? `${kind}.xlsx`);
          return true;
        },
        DOWNLOAD_FAILED,
      );
    },
    fetchUsers: async () => {
      if (get().users.data || get().users.loading) return;
      await track(set, 'users', worksApi.assignableUsers, 'ユーザー一覧の取得に失敗しました');
    },
  };
});

registerReset(() => useWorkDetail.setState(initial()));
