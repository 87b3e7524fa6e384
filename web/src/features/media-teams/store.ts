/** Media teams as the client's users see them (teams, one team, its members) and the offers a creator received; `team_member.updated` keeps both live. */
import { create } from 'zustand';
import { settle } from '@/lib/api-client';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { usePresence } from '@/lib/presence';
import { registerReset } from '@/lib/reset';
import { mediaTeamsApi } from './api';
import type { Member, MemberPage, ReceivedOffer, Team, TeamPage } from './types';

const emptyPage = { currentPage: 1, lastPage: 1, perPage: 0, total: 0 };

interface MediaTeamsState {
  teams: AsyncState<TeamPage>;
  team: AsyncState<Team | null>;
  members: AsyncState<MemberPage>;
  received: AsyncState<ReceivedOffer[]>;
  /** Any write (create, offer, answer …): its loading and its error. */
  write: AsyncState<null>;
  fetchTeams: (mediaId: number, page: number) => Promise<void>;
  fetchTeam: (mediaId: number, teamId: number) => Promise<void>;
  fetchMembers: (mediaId: number, teamId: number, page: number) => Promise<void>;
  fetchReceived: () => Promise<void>;
  /** The team's working members' online states into the app's presence store (a dot is no reason to show an error). */
  fetchPresence: (teamId: number) => Promise<void>;
  /** Runs a write; on success stores what it answered about members and returns its data. */
  run: <T>(operation: () => Promise<T>, fallback: string) => Promise<T | null>;
  /** A member row arrived (the answer to a write, or a push): it replaces the shown row, and moves the creator's offers. */
  applyMember: (member: Member) => void;
  replaceTeam: (team: Team) => void;
}

const initial = () => ({
  teams: initialAsync<TeamPage>({ teams: [], ...emptyPage }),
  team: initialAsync<Team | null>(null),
  members: initialAsync<MemberPage>({ members: [], ...emptyPage }),
  received: initialAsync<ReceivedOffer[]>([]),
  write: initialAsync(null),
});

const PENDING = new Set(['offered', 'negotiating']);

export const useMediaTeams = create<MediaTeamsState>((set, get) => ({
  ...initial(),
  fetchTeams: async (mediaId, page) => {
    await track(set, 'teams', () => mediaTeamsApi.teams(mediaId, page), 'チーム一覧の取得に失敗しました');
  },
  fetchTeam: async (mediaId, teamId) => {
    await track(set, 'team', () => mediaTeamsApi.team(mediaId, teamId), 'チームの取得に失敗しました');
  },
  fetchMembers: async (mediaId, teamId, page) => {
    await track(set, 'members', () => mediaTeamsApi.members(mediaId, teamId, page), 'メンバーの取得に失敗しました');
  },
  fetchReceived: async () => {
    await track(set, 'received', () => mediaTeamsApi.received(), 'オファーの取得に失敗しました');
  },
  fetchPresence: (teamId) => settle(mediaTeamsApi.presence(teamId).then((presence) => usePresence.getState().apply(presence))),
  run: async <T>(operation: () => Promise<T>, fallback: string) => {
    const box: { ok: boolean; value: T | null } = { ok: false, value: null };
    await track(
      set,
      'write',
      async () => {
        box.value = await operation();
        box.ok = true;
        return null;
      },
      fallback,
    );
    return box.ok ? box.value : null;
  },
  applyMember: (member) => {
    const { members, team, received } = get();
    if (team.data?.id === member.teamId) {
      const known = members.data.members.some((m) => m.id === member.id);
      const rows = known ? members.data.members.map((m) => (m.id === member.id ? member : m)) : [...members.data.members, member];
      set({ members: { ...members, data: { ...members.data, members: rows, total: members.data.total + (known ? 0 : 1) } } });
    }
    // The creator's own rows: an offer that no longer waits leaves the list; a new one is fetched whole (team, client, wording).
    const waiting = received.data.find((o) => o.teamId === member.teamId);
    if (waiting && !PENDING.has(member.status)) {
      set({ received: { ...received, data: received.data.filter((o) => o.teamId !== member.teamId) } });
    } else if (waiting) {
      set({ received: { ...received, data: received.data.map((o) => (o.teamId === member.teamId ? { ...o, status: member.status, allowedTransitions: member.allowedTransitions } : o)) } });
    }
  },
  replaceTeam: (team) => {
    const { teams, team: current } = get();
    set({
      teams: { ...teams, data: { ...teams.data, teams: teams.data.teams.map((t) => (t.id === team.id ? team : t)) } },
      team: current.data?.id === team.id ? { ...current, data: team } : current,
    });
  },
}));

registerReset(() => useMediaTeams.setState(initial()));
