/** Clients, their accounts and invitations: the server's types (lib/api, generated). */
import type { Body, View } from '@/lib/api/wire';

/** The client's important counts in the header: not yet ordered, not yet inspected, not yet rated. */
export type ImportantCounts = View<'ImportantCounts'>;

export type NamedRef = View<'NamedRef'>;

/** A row of the staff's client list. */
export type ClientSummary = View<'ClientSummary'>;
export type ClientList = View<'ClientList'>;

/** `note`: staff only (null for a client user). */
export type ClientDetail = View<'ClientDetail'>;

/** What `POST /clients` and `PUT /clients/{id}` take. */
export type ClientInput = Body<'ClientInput'>;

export type ClientAccount = View<'ClientAccount'>;
export type PendingInvitation = View<'PendingInvitation'>;
export type ClientAccounts = View<'ClientAccounts'>;
