/** Flash messages and the error banner; both hide after 5 seconds or on close. */
import { create } from 'zustand';
import { MESSAGES } from '@/lib/errors';
import { registerReset } from '@/lib/reset';

export const BANNER_MS = 5000;

export interface Banner {
  id: number;
  message: string;
  /** Where the thing the message speaks of now is (「タスクを開く」 → /tasks/12). */
  link?: BannerLink;
}

export interface BannerLink {
  to: string;
  label: string;
}

interface BannerState {
  flashes: Banner[];
  errors: Banner[];
  flash: (message: string, link?: BannerLink) => void;
  error: (message?: string) => void;
  dismissFlash: (id: number) => void;
  dismissError: (id: number) => void;
}

let nextId = 1;

export const useBanners = create<BannerState>((set, get) => ({
  flashes: [],
  errors: [],
  flash: (message, link) => {
    const id = nextId++;
    set((s) => ({ flashes: [...s.flashes, link ? { id, message, link } : { id, message }] }));
    setTimeout(() => get().dismissFlash(id), BANNER_MS);
  },
  error: (message = MESSAGES.fallback) => {
    // The banner lists distinct messages.
    if (get().errors.some((e) => e.message === message)) return;
    const id = nextId++;
    set((s) => ({ errors: [...s.errors, { id, message }] }));
    setTimeout(() => get().dismissError(id), BANNER_MS);
  },
  dismissFlash: (id) => set((s) => ({ flashes: s.flashes.filter((f) => f.id !== id) })),
  dismissError: (id) => set((s) => ({ errors: s.errors.filter((e) => e.id !== id) })),
}));

registerReset(() => useBanners.setState({ flashes: [], errors: [] }));
