import type { Paging } from '@/lib/paging';

export type AccountStatus = 'active' | 'banned' | 'left';

/** A row of `GET /users` as staff see it. */
export interface StaffUserRow {
  id: number;
  userName: string;
  roleType: string;
  workStatus: string;
  accountStatus: AccountStatus;
}

export interface StaffUserList extends Paging {
  users: StaffUserRow[];
}

/** `PUT /users/{id}/role` and `PUT /admin/users/{id}/left` answer the user as staff manage them. */
export interface ManagedUser {
  id: number;
  userName: string;
  roleType: string;
  accountStatus: AccountStatus;
}

export type AdminFlag = 'no_assign' | 'no_reply' | 'need_attention' | 'black' | 'no_assign_editor' | 'temporary_offer_stop';

export interface AdminFlags {
  userId: number;
  adminFlags: AdminFlag[];
}

/** A user leaving (banned) or gone (left): `GET /users/left`. */
export interface LeftUser {
  userId: number;
  userName: string;
  roleType: string;
  accountStatus: AccountStatus;
  reason: string;
  bannedAt: string;
  bannedByName: string | null;
  leftAt: string | null;
  leftByName: string | null;
}

export interface LeftUsers extends Paging {
  users: LeftUser[];
}

export interface UserQuery {
  roleTypes: string[];
  activeStatuses: AccountStatus[];
  words: string;
  page: number;
}
