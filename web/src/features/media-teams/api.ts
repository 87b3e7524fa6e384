import { api } from '@/lib/api-client';
import type { MembersPresence } from '@/lib/events';
import type {
  CreatorQuery,
  CandidatePage,
  GenreGroupOption,
  Member,
  MemberInput,
  MemberPage,
  OfferAnswer,
  OfferInput,
  OfferTemplate,
  ReceivedOffer,
  Team,
  TeamInput,
  TeamPage,
} from './types';

const teams = (mediaId: number) => `/clients/media/${mediaId}/teams`;
const team = (mediaId: number, teamId: number) => `${teams(mediaId)}/${teamId}`;

export const mediaTeamsApi = {
  teams: (mediaId: number, page: number) => api.get<TeamPage>(teams(mediaId), { page }),
  createTeam: (mediaId: number, input: TeamInput) => api.post<Team>(teams(mediaId), input),
  team: (mediaId: number, teamId: number) => api.get<Team>(team(mediaId, teamId)),
  updateTeam: (mediaId: number, teamId: number, input: TeamInput) => api.put<Team>(team(mediaId, teamId), input),
  favorite: (mediaId: number, teamId: number, isFavorite: boolean) => api.put<Team>(`${team(mediaId, teamId)}/favorite`, { isFavorite }),
  members: (mediaId: number, teamId: number, page: number) => api.get<MemberPage>(`${team(mediaId, teamId)}/members`, { page }),
  /** The working members' states now (the chat's team rule decides who may ask). */
  presence: (teamId: number) => api.get<MembersPresence>(`/teams/${teamId}/presence`),
  addMembers: (mediaId: number, teamId: number, userIds: number[]) => api.post<Member[]>(`${team(mediaId, teamId)}/members`, { userIds }),
  updateMember: (mediaId: number, teamId: number, userId: number, input: MemberInput) =>
    api.put<Member>(`${team(mediaId, teamId)}/members/${userId}`, input),
  removeMember: (mediaId: number, teamId: number, userId: number) => api.delete<void>(`${team(mediaId, teamId)}/members/${userId}`),
  offer: (mediaId: number, teamId: number, input: OfferInput) => api.post<Member[]>(`${team(mediaId, teamId)}/offer`, input),
  declineOffer: (mediaId: number, teamId: number, userIds: number[]) => api.post<Member[]>(`${team(mediaId, teamId)}/decline_offer`, { userIds }),
  message: (mediaId: number, teamId: number, body: string) => api.post<unknown>(`${team(mediaId, teamId)}/message`, { body }),
  templates: () => api.get<OfferTemplate[]>('/offer_templates'),
  /** `GET /users/search` for this team: each creator says whether they can be added, and why not. */
  candidates: (mediaId: number, teamId: number, query: CreatorQuery) => api.get<CandidatePage>(`${team(mediaId, teamId)}/candidates`, { ...query }),
  searchOptions: () => api.get<{ genreGroups: GenreGroupOption[] }>('/creators/search_options'),
  received: () => api.get<ReceivedOffer[]>('/offers/received'),
  answer: (teamId: number, answer: OfferAnswer, comment: string) => api.put<Member>(`/teams/${teamId}/offer`, { answer, comment }),
};
