/** What a guest (a client's share link) sees of a team: the server's types (lib/api, generated). */
import type { View } from '@/lib/api/wire';

/** The guest token of `PUT /guest/clients/url_auth`, kept in sessionStorage. */
export type GuestAuth = View<'GuestAuth'>;

export type GuestTeam = View<'GuestTeam'>;
export type GuestMember = View<'GuestMember'>;
export type GuestMembers = View<'GuestMembers'>;

/** The creators domain's public view of a member (no private keys for a guest). */
export type GuestCreatorUser = View<'CreatorDetail'>;
export type GuestCreator = View<'GuestCreator'>;

/** A freshly issued share link (its URL is shown only now). */
export type ShareLink = View<'ShareLink'>;

/** `GET …/url`: the live link, or null when the team is not shared (a normal state, answered 200). */
export type CurrentShareLink = View<'CurrentShareLink'>;

/** The live share link as stored (no URL: only a digest of its token is kept). */
export type ShareLinkStatus = View<'ShareLinkStatus'>;
