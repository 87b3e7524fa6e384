/** A medium's teams of creators, their members and the offers made to a creator: the server's types (lib/api, generated). */
import type { Body, View } from '@/lib/api/wire';
import type { MemberStatus, TeamMemberUpdated } from '@/lib/events';

export type { MemberStatus };

/** One member row: the record `team_member.updated` pushes is the same one REST lists. */
export type Member = TeamMemberUpdated;

export type StatusCounts = View<'StatusCounts'>;
export type Team = View<'ClientTeamView'>;
export type TeamPage = View<'TeamPage'>;
export type MemberPage = View<'MemberPage'>;

export type TeamInput = Body<'TeamInput'>;
export type MemberInput = Body<'MemberInput'>;
export type OfferInput = Body<'OfferInput'>;

export type OfferAnswer = 'accept' | 'negotiate' | 'decline';

/** An offer waiting for the creator's answer. */
export type ReceivedOffer = View<'ReceivedOffer'>;

export type OfferTemplate = View<'OfferTemplate'>;

/** A creator as the search lists them (the fields this feature shows). */
export type FoundCreator = Pick<View<'CreatorCard'>, 'id' | 'userName' | 'imageFile' | 'workStatus' | 'prefectureName' | 'genres'>;

/** Why the server will not add a creator to the team. */
export type NotAddable = View<'NotAddable'>;

/** A creator found for a team (`…/candidates`): the search card and whether they can be added. */
export type Candidate = View<'Candidate'>;
export type CandidatePage = View<'CandidatePage'>;

export interface CreatorQuery {
  words?: string;
  genreIds?: number[];
  workStatuses?: string[];
  page?: number;
}

export type GenreGroupOption = View<'GenreGroupOption'>;
