/** Staff's user management: the server's types (lib/api, generated); the query is the screen's. */
import type { View } from '@/lib/api/wire';

export type AccountStatus = View<'AccountStatus'>;

/** A row of `GET /users` as staff see it: the account status, which only staff are sent, is there. */
export type StaffUserRow = View<'DirectoryUser'> & { accountStatus: AccountStatus };
export type StaffUserList = Omit<View<'DirectoryList'>, 'users'> & { users: StaffUserRow[] };

/** `PUT /users/{id}/role` and `PUT /admin/users/{id}/left` answer the user as staff manage them. */
export type ManagedUser = View<'ManagedUser'>;

export type AdminFlag = View<'AdminFlag'>;
export type AdminFlags = View<'AdminFlags'>;

/** A user leaving (banned) or gone (left): `GET /users/left`. */
export type LeftUser = View<'LeftUser'>;
export type LeftUsers = View<'LeftUsers'>;

export interface UserQuery {
  roleTypes: string[];
  activeStatuses: AccountStatus[];
  words: string;
  page: number;
}
