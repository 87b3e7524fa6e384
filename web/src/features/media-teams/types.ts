/** A medium's teams of creators, their members and the offers made to a creator. Keys camelCase; values as the server sends them. */
import type { MemberStatus, TeamMemberUpdated } from '@/lib/events';
import type { ImageFile } from '@/lib/files';
import type { Paging } from '@/lib/paging';

export type { MemberStatus };

/** One member row: the record `team_member.updated` pushes is the same one REST lists. */
export type Member = TeamMemberUpdated;

export interface StatusCounts {
  temporary: number;
  offered: number;
  negotiating: number;
  assignable: number;
  declined: number;
  left: number;
}

export interface Team {
  id: number;
  name: string;
  description: string;
  mediaId: number;
  mediaName: string;
  isFavorite: boolean;
  memberCount: number;
  statusCounts: StatusCounts;
  channelId: number | null;
}

export interface TeamPage extends Paging {
  teams: Team[];
}

export interface MemberPage extends Paging {
  members: Member[];
}

export interface TeamInput {
  name: string;
  description: string;
}

export interface MemberInput {
  privateMemo?: string;
  publicMemo?: string;
  editorMemo?: string;
  status?: MemberStatus;
}

export interface OfferInput {
  userIds: number[];
  offerTemplateId: number | null;
  message: string;
}

export type OfferAnswer = 'accept' | 'negotiate' | 'decline';

/** An offer waiting for the creator's answer. */
export interface ReceivedOffer {
  id: number;
  teamId: number;
  teamName: string;
  mediaId: number;
  mediaName: string;
  clientId: number;
  clientName: string;
  templateName: string;
  templateBody: string;
  message: string;
  status: MemberStatus;
  publicMemo: string;
  offeredAt: string;
  allowedTransitions: MemberStatus[];
}

export interface OfferTemplate {
  id: number;
  name: string;
  body: string;
}

/** A creator as the search lists them (the fields this feature shows). */
export interface FoundCreator {
  id: number;
  userName: string;
  imageFile: ImageFile | null;
  workStatus: string;
  prefectureName: string | null;
  genres: string[];
}

/** Why the server will not add a creator to the team. */
export type NotAddable = 'already_member' | 'profile_incomplete';

/** A creator found for a team (`…/candidates`): the search card and whether they can be added. */
export interface Candidate extends FoundCreator {
  canAdd: boolean;
  reason: NotAddable | null;
}

export interface CandidatePage extends Paging {
  users: Candidate[];
}

export interface CreatorQuery {
  words?: string;
  genreIds?: number[];
  workStatuses?: string[];
  page?: number;
}

export interface GenreGroupOption {
  id: number;
  name: string;
  genres: { id: number; name: string; parentGenreId: number | null }[];
}
