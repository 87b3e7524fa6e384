/** What the connection banner shows: the live connection's state, and a short note when it came back. */
import { create } from 'zustand';
import type { ConnectionState } from '@/lib/socket';

/** How long 「再接続しました」 stays up. */
export const BACK_NOTE_MS = 4000;

interface ConnectionStore {
  state: ConnectionState;
  /** Set when the connection returned after being lost, until BACK_NOTE_MS later. */
  back: boolean;
  apply: (next: ConnectionState) => void;
}

let backTimer: ReturnType<typeof setTimeout> | undefined;

export const useConnection = create<ConnectionStore>((set, get) => ({
  state: 'connecting',
  back: false,
  apply: (next) => {
    const was = get().state;
    const returned = next === 'online' && (was === 'offline' || was === 'reconnecting');
    clearTimeout(backTimer);
    set({ state: next, back: returned });
    if (returned) backTimer = setTimeout(() => set({ back: false }), BACK_NOTE_MS);
  },
}));
