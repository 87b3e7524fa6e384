/**
 * The guest's session and the shared team's pages (spec section 4): the guest token lives in
 * sessionStorage, apart from the user session, and is cleared when authentication starts and
 * when it fails; members append page by page and the page only moves forward until cleared;
 * the creator detail has a loaded flag set on success and on failure.
 */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { UnauthorizedError } from '@/lib/errors';
import { mergePage, type Paging } from '@/lib/paging';
import { registerReset } from '@/lib/reset';
import { guestsApi } from './api';
import type { GuestAuth, GuestCreator, GuestMember, GuestTeam } from './types';

export const GUEST_TOKEN_KEY = 'tsumugi.guest';
export const GUEST_AUTH_FAILED = '認証に失敗しました';

const storage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

function storedAuth(): GuestAuth | null {
  try {
    const raw = storage()?.getItem(GUEST_TOKEN_KEY);
    return raw ? (JSON.parse(raw) as GuestAuth) : null;
  } catch {
    return null;
  }
}

function storeAuth(auth: GuestAuth | null): void {
  if (auth) storage()?.setItem(GUEST_TOKEN_KEY, JSON.stringify(auth));
  else storage()?.removeItem(GUEST_TOKEN_KEY);
}

interface GuestState {
  guest: GuestAuth | null;
  auth: AsyncState<GuestAuth | null>;
  team: AsyncState<GuestTeam | null>;
  members: AsyncState<GuestMember[]>;
  paging: Paging | null;
  creator: AsyncState<GuestCreator | null>;
  creatorLoaded: boolean;
  authenticate: (token: string) => Promise<GuestAuth | null>;
  fetchTeam: (mediaId: number, teamId: number) => Promise<void>;
  /** Loads page `page` and appends it; a page not after the last one loaded is ignored. */
  fetchMembers: (mediaId: number, teamId: number, page: number) => Promise<void>;
  clearMembers: () => void;
  fetchCreator: (mediaId: number, teamId: number, userId: number) => Promise<void>;
}

const initial = () => ({
  guest: storedAuth(),
  auth: initialAsync<GuestAuth | null>(null),
  team: initialAsync<GuestTeam | null>(null),
  members: initialAsync<GuestMember[]>([]),
  paging: null as Paging | null,
  creator: initialAsync<GuestCreator | null>(null),
  creatorLoaded: false,
});

export const useGuests = create<GuestState>((set, get) => {
  /** A refused guest token (expired, revoked) is forgotten. */
  const forgetIfRefused = (error: unknown) => {
    if (error instanceof UnauthorizedError) {
      storeAuth(null);
      set({ guest: null });
    }
  };
  const bearer = () => get().guest?.token ?? '';
  return {
    ...initial(),
    authenticate: async (token) => {
      storeAuth(null);
      set({ guest: null });
      const auth = await track(set, 'auth', () => guestsApi.urlAuth(token), GUEST_AUTH_FAILED);
      storeAuth(auth);
      set({ guest: auth });
      return auth;
    },
    fetchTeam: async (mediaId, teamId) => {
      await track(set, 'team', () => guestsApi.team(bearer(), mediaId, teamId), 'チーム情報の取得に失敗しました');
      forgetIfRefused(get().team.error);
    },
    fetchMembers: async (mediaId, teamId, page) => {
      const current = get().paging?.currentPage ?? 0;
      if (page <= current || get().members.loading) return;
      const answer = await track(set, 'members', () => guestsApi.members(bearer(), mediaId, teamId, page), 'メンバー一覧の取得に失敗しました', (state, data) => ({
        members: { data: mergePage(state.members.data, data.members, 2), loading: false, error: null },
        paging: { currentPage: data.currentPage, lastPage: data.lastPage, perPage: data.perPage, total: data.total },
      }));
      if (!answer) forgetIfRefused(get().members.error);
    },
    clearMembers: () => set({ members: initialAsync<GuestMember[]>([]), paging: null }),
    fetchCreator: async (mediaId, teamId, userId) => {
      set({ creatorLoaded: false });
      await track(set, 'creator', () => guestsApi.creator(bearer(), mediaId, teamId, userId), 'クリエイター情報の取得に失敗しました');
      set({ creatorLoaded: true });
      forgetIfRefused(get().creator.error);
    },
  };
});

registerReset(() => useGuests.setState(initial()));
