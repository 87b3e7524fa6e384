/**
 * Maintenance: the schedule from the server (load, push, 503 answers, polling) and what it means
 * at this moment. Timers switch the page on at a window's start and off at its end, and show
 * the advance notice a day ahead, without waiting for a push; the server's clock (`now` in
 * every answer) corrects a browser whose own clock is off.
 */
import { create } from 'zustand';
import type { MaintenanceError } from '@/lib/errors';
import { maintenanceApi } from './api';
import type { Maintenance, MaintenanceSchedule } from './types';

/** How often a page without the live socket (logged out, or the maintenance page itself) asks for the schedule. */
export const MAINTENANCE_POLL_MS = 10_000;
/** How long before a window every page announces it. */
export const NOTICE_AHEAD_MS = 24 * 3600_000;
const DISMISSED_KEY = 'tsumugi.maintenance.dismissed';
/** setTimeout's longest delay; a later boundary is timed again when nearer. */
const MAX_DELAY = 2 ** 31 - 1;

interface MaintenanceState {
  /** Live windows (not ended, not cancelled), earliest first. */
  windows: Maintenance[];
  /** Server clock minus this browser's clock, in ms. */
  offsetMs: number;
  /** The running window, else the next one. */
  maintenance: Maintenance | null;
  /** A window contains the present moment. */
  active: boolean;
  /** The next window when it starts within NOTICE_AHEAD_MS. */
  upcoming: Maintenance | null;
  /** Keys of the notices this browser dismissed (kept in localStorage). */
  dismissed: string[];
  applySchedule: (schedule: MaintenanceSchedule) => void;
  applyError: (error: MaintenanceError) => void;
  refresh: () => Promise<void>;
  dismiss: (window: Maintenance) => void;
}

let switchTimer: ReturnType<typeof setTimeout> | undefined;
/** One schedule request at a time (a burst of 503 answers asks once). */
let refreshing: Promise<void> | null = null;

const startOf = (w: Maintenance) => Date.parse(w.startDatetime);
const endOf = (w: Maintenance) => Date.parse(w.endDatetime);

/** One notice per window: a window moved to another time is announced again. */
export const noticeKey = (w: Maintenance): string => `${w.id ?? ''}:${startOf(w)}:${endOf(w)}`;

function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** What the windows mean at `now` (server time). */
function at(windows: Maintenance[], now: number) {
  const live = windows.filter((w) => endOf(w) > now).sort((a, b) => startOf(a) - startOf(b));
  const running = live.find((w) => startOf(w) <= now) ?? null;
  const next = live.find((w) => startOf(w) > now) ?? null;
  return {
    windows: live,
    active: !!running,
    maintenance: running ?? next,
    upcoming: next && startOf(next) - now <= NOTICE_AHEAD_MS ? next : null,
  };
}

export const useMaintenance = create<MaintenanceState>((set, get) => {
  /** Recomputes the present and times the next change (a start, an end, a notice a day ahead). */
  const settle = (windows: Maintenance[]) => {
    clearTimeout(switchTimer);
    const now = Date.now() + get().offsetMs;
    const state = at(windows, now);
    set(state);
    const next = Math.min(
      ...state.windows.flatMap((w) => [startOf(w) - NOTICE_AHEAD_MS, startOf(w), endOf(w)]).filter((t) => t > now),
    );
    if (Number.isFinite(next)) {
      switchTimer = setTimeout(() => settle(get().windows), Math.min(next - now + 50, MAX_DELAY));
    }
  };

  return {
    windows: [],
    offsetMs: 0,
    maintenance: null,
    active: false,
    upcoming: null,
    dismissed: readDismissed(),
    applySchedule: (schedule) => {
      if (schedule.now) set({ offsetMs: Date.parse(schedule.now) - Date.now() });
      settle(schedule.windows ?? (schedule.maintenance ? [schedule.maintenance] : []));
    },
    applyError: (error) => {
      // The server says a window runs now: believe it even if this browser's clock disagrees,
      // then ask for the schedule and the server's clock.
      const window: Maintenance = { message: error.message, startDatetime: error.startDatetime, endDatetime: error.endDatetime };
      const others = get().windows.filter((w) => endOf(w) <= startOf(window) || startOf(w) >= endOf(window));
      settle([...others, window]);
      if (!get().active) set({ active: true, maintenance: window });
      void get().refresh();
    },
    refresh: () => {
      refreshing ??= maintenanceApi
        .current()
        .then((schedule) => get().applySchedule(schedule))
        .catch(() => {
          // Keep what we know; the next poll tries again.
        })
        .finally(() => {
          refreshing = null;
        });
      return refreshing;
    },
    dismiss: (window) => {
      const dismissed = [...new Set([...get().dismissed, noticeKey(window)])].slice(-20);
      localStorage.setItem(DISMISSED_KEY, JSON.stringify(dismissed));
      set({ dismissed });
    },
  };
});

/** For tests: forget the schedule, the timers and the dismissed notices. */
export function resetMaintenance(): void {
  clearTimeout(switchTimer);
  refreshing = null;
  useMaintenance.setState({ windows: [], offsetMs: 0, maintenance: null, active: false, upcoming: null, dismissed: [] });
}
