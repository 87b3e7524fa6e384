/** The assessment list, one assessment, and the monthly reminder; `live.ts` keeps them current when an assessment changes elsewhere. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { assessmentsApi } from './api';
import type { Assessment, AssessmentAnswer, AssessmentList, AssessmentState } from './types';

export const LIST_FAILED = '評価一覧の取得に失敗しました';

interface AssessmentsState {
  list: AsyncState<AssessmentList | null>;
  /** What the list shows: its page and state filter. */
  query: { page: number; state: AssessmentState | undefined };
  detail: AsyncState<Assessment | null>;
  remind: boolean;
  fetchList: (page: number, state?: AssessmentState) => Promise<void>;
  refreshList: () => Promise<void>;
  fetchDetail: (id: number) => Promise<void>;
  /** Saves the answer; resolves with the saved assessment (a failure throws, for the form). */
  answer: (id: number, answer: AssessmentAnswer) => Promise<Assessment>;
  fetchRemind: () => Promise<void>;
  dismissRemind: () => Promise<void>;
}

const initial = () => ({
  list: initialAsync<AssessmentList | null>(null),
  query: { page: 1, state: undefined as AssessmentState | undefined },
  detail: initialAsync<Assessment | null>(null),
  remind: false,
});

export const useAssessments = create<AssessmentsState>((set, get) => ({
  ...initial(),
  fetchList: async (page, state) => {
    set({ query: { page, state } });
    const list = await track(set, 'list', () => assessmentsApi.list(page, state), LIST_FAILED);
    if (list) set({ remind: list.isAssessmentRemind });
  },
  refreshList: async () => {
    if (!get().list.data) return;
    const { page, state } = get().query;
    await get().fetchList(page, state);
  },
  fetchDetail: async (id) => {
    await track(set, 'detail', () => assessmentsApi.detail(id), '評価の取得に失敗しました');
  },
  answer: async (id, answer) => {
    const saved = await assessmentsApi.answer(id, answer);
    set((s) => ({ detail: { ...s.detail, data: saved } }));
    return saved;
  },
  fetchRemind: async () => {
    try {
      const { isAssessmentRemind } = await assessmentsApi.remind();
      set({ remind: isAssessmentRemind });
    } catch {
      set({ remind: false });
    }
  },
  dismissRemind: async () => {
    set({ remind: false });
    try {
      await assessmentsApi.dismissRemind();
    } catch {
      // Shown by the banner; the dialog stays closed for this visit.
    }
  },
}));

registerReset(() => useAssessments.setState(initial()));
