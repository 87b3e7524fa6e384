import { api } from '@/lib/api-client';
import type { CurrentShareLink, GuestAuth, GuestCreator, GuestMembers, GuestTeam, ShareLink } from './types';

const teamPath = (mediaId: number, teamId: number) => `/guest/clients/media/${mediaId}/teams/${teamId}`;

/** The guest calls carry the guest token, never the user session's. */
export const guestsApi = {
  urlAuth: (token: string) => api.put<GuestAuth>('/guest/clients/url_auth', { token }, { bearer: '' }),
  team: (bearer: string, mediaId: number, teamId: number) => api.get<GuestTeam>(teamPath(mediaId, teamId), undefined, { bearer, quietRefusal: true }),
  members: (bearer: string, mediaId: number, teamId: number, page: number) =>
    api.get<GuestMembers>(`${teamPath(mediaId, teamId)}/members`, { page }, { bearer, quietRefusal: true }),
  creator: (bearer: string, mediaId: number, teamId: number, userId: number) =>
    api.get<GuestCreator>(`${teamPath(mediaId, teamId)}/creators/${userId}`, undefined, { bearer, quietRefusal: true }),
  portfolioFile: (bearer: string, mediaId: number, teamId: number, userId: number, fileId: number) =>
    api.download(`${teamPath(mediaId, teamId)}/creators/${userId}/portfolio_files/${fileId}`, undefined, { bearer }),
};

/** A team's share link, managed by its client (or staff). */
export const shareApi = {
  current: (mediaId: number, teamId: number) => api.get<CurrentShareLink>(`/clients/media/${mediaId}/teams/${teamId}/url`, undefined, { quietRefusal: true }),
  issue: (mediaId: number, teamId: number) => api.post<ShareLink>(`/clients/media/${mediaId}/teams/${teamId}/share`),
  revoke: (mediaId: number, teamId: number) => api.delete<void>(`/clients/media/${mediaId}/teams/${teamId}/share`),
};
