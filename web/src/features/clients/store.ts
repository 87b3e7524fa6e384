/** The client's important counts in the header: not yet ordered, not yet inspected, not yet rated. */
import { create } from 'zustand';
import { api } from '@/lib/api-client';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';

export interface ImportantCounts {
  applyingTaskCount: number;
  underAcceptanceTaskCount: number;
  unansweredAssessmentsCount: number;
}

const empty: ImportantCounts = { applyingTaskCount: 0, underAcceptanceTaskCount: 0, unansweredAssessmentsCount: 0 };

interface ClientState {
  counts: AsyncState<ImportantCounts>;
  fetchCounts: (clientId: number) => Promise<void>;
}

export const useClient = create<ClientState>((set) => ({
  counts: initialAsync(empty),
  fetchCounts: async (clientId) => {
    await track(set, 'counts', () => api.get<ImportantCounts>(`/clients/${clientId}/important_information/counts`), '重要なお知らせの件数取得に失敗しました');
  },
}));

registerReset(() => useClient.setState({ counts: initialAsync(empty) }));
