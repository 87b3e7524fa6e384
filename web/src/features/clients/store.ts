/** The client's important counts in the header, kept live by `task.updated`. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { clientsApi } from './api';
import type { ImportantCounts } from './types';

const empty: ImportantCounts = { applyingTaskCount: 0, underAcceptanceTaskCount: 0, unansweredAssessmentsCount: 0 };

interface ClientState {
  counts: AsyncState<ImportantCounts>;
  fetchCounts: (clientId: number) => Promise<void>;
}

export const useClient = create<ClientState>((set) => ({
  counts: initialAsync(empty),
  fetchCounts: async (clientId) => {
    await track(set, 'counts', () => clientsApi.importantCounts(clientId), '重要なお知らせの件数取得に失敗しました');
  },
}));

registerReset(() => useClient.setState({ counts: initialAsync(empty) }));
