/** Maintenance: the window from the server (push, 503 answers, polling) and whether to show the page. */
import { create } from 'zustand';
import type { MaintenanceError } from '@/lib/errors';
import { maintenanceApi } from './api';
import type { Maintenance } from './types';

interface MaintenanceState {
  maintenance: Maintenance | null;
  /** The window contains the present moment. */
  active: boolean;
  apply: (maintenance: Maintenance | null) => void;
  applyError: (error: MaintenanceError) => void;
  refresh: () => Promise<void>;
}

let switchTimer: ReturnType<typeof setTimeout> | undefined;

const isActive = (m: Maintenance | null, now = Date.now()): boolean =>
  !!m && Date.parse(m.startDatetime) <= now && now < Date.parse(m.endDatetime);

export const useMaintenance = create<MaintenanceState>((set, get) => ({
  maintenance: null,
  active: false,
  apply: (maintenance) => {
    clearTimeout(switchTimer);
    set({ maintenance, active: isActive(maintenance) });
    if (!maintenance) return;
    // Switch on at the start and off at the end without waiting for another push.
    const now = Date.now();
    const next = [Date.parse(maintenance.startDatetime), Date.parse(maintenance.endDatetime)].find((t) => t > now);
    if (next !== undefined && next - now < 2 ** 31 - 1) {
      switchTimer = setTimeout(() => get().apply(get().maintenance), next - now + 50);
    }
  },
  applyError: (error) =>
    get().apply({ message: error.message, startDatetime: error.startDatetime, endDatetime: error.endDatetime }),
  refresh: async () => {
    try {
      const answer = await maintenanceApi.current();
      get().apply(answer.maintenance);
    } catch {
      // Keep what we know; the next poll tries again.
    }
  },
}));
