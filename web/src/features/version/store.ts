/** The running build against the deployed one: polling, pushes and stale chunks. */
import { create } from 'zustand';

export const VERSION_POLL_MS = 10_000;

interface VersionState {
  updateAvailable: boolean;
  compare: (revisionNo: string | undefined) => void;
  markStale: () => void;
  check: () => Promise<void>;
}

export const useVersion = create<VersionState>((set, get) => ({
  updateAvailable: false,
  compare: (revisionNo) => {
    if (revisionNo && revisionNo !== __REVISION__) set({ updateAvailable: true });
  },
  markStale: () => set({ updateAvailable: true }),
  check: async () => {
    if (!navigator.onLine || document.visibilityState !== 'visible') return;
    try {
      const response = await fetch(`/revision.json?t=${Date.now()}`, { cache: 'no-store' });
      if (!response.ok) return;
      const body = (await response.json()) as { revision_no?: string };
      get().compare(body.revision_no);
    } catch {
      // Offline or the server is restarting: the next poll decides.
    }
  },
}));
