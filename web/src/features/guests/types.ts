import type { FileView, ImageFile } from '@/lib/files';
import type { Paging } from '@/lib/paging';

/** The guest token of `PUT /guest/clients/url_auth`, kept in sessionStorage. */
export interface GuestAuth {
  token: string;
  mediaId: number;
  teamId: number;
  expiresAt: string;
}

export interface GuestTeam {
  id: number;
  teamId: number;
  name: string;
  mediaId: number;
  mediaName: string;
  memberCount: number;
}

export interface GuestMember {
  id: number;
  userName: string;
  imageFile: ImageFile | null;
  workStatus: string;
  genres: string[];
  publicMemo: string;
}

export interface GuestMembers extends Paging {
  teamId: number;
  members: GuestMember[];
}

export interface NamedRef {
  id: number;
  name: string;
}

/** The creators domain's public view of a member. */
export interface GuestCreatorUser {
  id: number;
  userName: string;
  roleType: string;
  imageFile: ImageFile | null;
  workStatus: string;
  prefecture: NamedRef | null;
  ageBand: string | null;
  profileText: string;
  skills: { genreGroup: NamedRef; genres: NamedRef[]; detail: string }[];
  portfolio: { portfolio: string; publishability: string } | null;
  possibleWorks: { id: number; workName: string; achievement: string }[];
}

export interface GuestCreator {
  user: GuestCreatorUser;
  publicMemo: string;
  portfolioFiles: FileView[];
}

/** A freshly issued share link (its URL is shown only now). */
export interface ShareLink {
  url: string;
  mediaId: number;
  teamId: number;
  createdAt: string;
}

/** `GET …/url`: the live link, or null when the team is not shared (a normal state, answered 200). */
export interface CurrentShareLink {
  shareLink: ShareLinkStatus | null;
}

/** The live share link as stored (no URL: only a digest of its token is kept). */
export interface ShareLinkStatus {
  mediaId: number;
  teamId: number;
  createdAt: string;
  createdByName: string | null;
}
