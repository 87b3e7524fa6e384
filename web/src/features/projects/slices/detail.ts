/**
 * One project with its works (the project page). Changes share one main error (`write`); the CRM
 * unit pricing has its own loading and error, which never touch the main error.
 */
import type { StateCreator } from 'zustand';
import { type AsyncState, failed, initialAsync, started, done, track } from '@/lib/async-state';
import { AppError } from '@/lib/errors';
import { projectsApi } from '../api';
import type { ProjectsState } from '../store';
import type { ProjectDetail, UnitPricing, WorkAnswer, WorkSummary } from '../types';

export const UNIT_PRICING_FAILED = 'SFからのデータ取得に失敗しました。';

export interface ProjectDetailSlice {
  project: AsyncState<ProjectDetail | null>;
  write: AsyncState<unknown>;
  unitPricing: AsyncState<UnitPricing | null>;
  fetchProject: (projectId: number) => Promise<void>;
  addWork: (name: string) => Promise<boolean>;
  addAgencyWork: (name: string, crmOrderId: string) => Promise<boolean>;
  renameWork: (workId: number, name: string) => Promise<boolean>;
  deleteWork: (workId: number) => Promise<boolean>;
  moveProjectStatus: (status: string) => Promise<boolean>;
  deleteProject: () => Promise<boolean>;
  fetchUnitPricing: (crmOrderId: string) => Promise<void>;
  clearUnitPricing: () => void;
}

export const detailInitial = () => ({
  project: initialAsync<ProjectDetail | null>(null),
  write: initialAsync<unknown>(null),
  unitPricing: initialAsync<UnitPricing | null>(null),
});

const summary = (work: WorkAnswer): WorkSummary => ({ id: work.id, name: work.name, isOperationAgency: work.isOperationAgency });

export const createDetailSlice: StateCreator<ProjectsState, [], [], ProjectDetailSlice> = (set, get) => {
  const projectId = () => {
    const project = get().project.data;
    if (!project) throw new AppError('プロジェクトが読み込まれていません');
    return project.id;
  };
  /** Runs one change under the main error; `apply` updates the loaded project with the answer. */
  const change = async <T>(operation: () => Promise<T>, fallback: string, apply: (project: ProjectDetail, answer: T) => ProjectDetail) => {
    const answer = await track(set, 'write', operation, fallback, (state, data: T) => ({
      project: state.project.data ? { ...state.project, data: apply(state.project.data, data) } : state.project,
    }));
    return !get().write.error && answer !== null;
  };
  const appendWork = (project: ProjectDetail, work: WorkAnswer): ProjectDetail => ({
    ...project,
    works: [...project.works, summary(work)],
    workCount: project.workCount + 1,
  });

  return {
    ...detailInitial(),
    fetchProject: async (id) => {
      // Another project: forget the last one's state (the list's is left alone).
      if (get().project.data?.id !== id) set(detailInitial());
      await track(set, 'project', () => projectsApi.show(id), 'プロジェクトの取得に失敗しました');
    },
    addWork: (name) => change(() => projectsApi.addWork(projectId(), name), '作品の登録に失敗しました', appendWork),
    addAgencyWork: async (name, crmOrderId) => {
      const ok = await change(() => projectsApi.addAgencyWork(projectId(), name, crmOrderId), '作品の登録に失敗しました', appendWork);
      if (ok) get().clearUnitPricing();
      return ok;
    },
    renameWork: (workId, name) =>
      change(() => projectsApi.renameWork(projectId(), workId, name), '作品の更新に失敗しました', (project, work) => ({
        ...project,
        works: project.works.map((w) => (w.id === workId ? { ...w, name: work.name } : w)),
      })),
    deleteWork: (workId) =>
      change(
        async () => {
          await projectsApi.removeWork(projectId(), workId);
          return workId;
        },
        '作品の削除に失敗しました',
        (project) => ({ ...project, works: project.works.filter((w) => w.id !== workId), workCount: Math.max(0, project.workCount - 1) }),
      ),
    moveProjectStatus: (status) =>
      change(() => projectsApi.update(projectId(), { status }), 'プロジェクトの更新に失敗しました', (project, moved) => ({ ...project, ...moved, works: project.works })),
    deleteProject: async () => {
      const ok = await change(
        async () => {
          await projectsApi.remove(projectId());
          return true;
        },
        'プロジェクトの削除に失敗しました',
        (project) => project,
      );
      if (ok) set({ project: initialAsync<ProjectDetail | null>(null) });
      return ok;
    },
    fetchUnitPricing: async (crmOrderId) => {
      set((s) => ({ unitPricing: started(s.unitPricing) }));
      try {
        const pricing = await projectsApi.unitPricing(crmOrderId);
        set((s) => ({ unitPricing: done(s.unitPricing, pricing) }));
      } catch {
        // Whatever the CRM said, the person reads the one message of the spec.
        set((s) => ({ unitPricing: failed({ ...s.unitPricing, data: null }, new AppError(UNIT_PRICING_FAILED), UNIT_PRICING_FAILED) }));
      }
    },
    clearUnitPricing: () => set({ unitPricing: initialAsync<UnitPricing | null>(null) }),
  };
};
