/** Staff acting on users: the user list, role changes, admin flags and leavers. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { userAdminApi } from './api';
import type { AdminFlag, AdminFlags, LeftUsers, ManagedUser, StaffUserList, UserQuery } from './types';

export const USERS_FAILED = 'ユーザー一覧の取得に失敗しました';
/** The spec's failure texts: role change and leaving. */
export const ROLE_FAILED = '権限の変更に失敗しました';
export const LEAVE_FAILED = '退会処理に失敗しました';
export const FLAGS_FAILED = '管理フラグの取得に失敗しました';
export const SAVE_FLAGS_FAILED = '管理フラグの更新に失敗しました';
export const LEFT_FAILED = '退会者一覧の取得に失敗しました';

interface UserAdminState {
  users: AsyncState<StaffUserList | null>;
  query: UserQuery;
  change: AsyncState<ManagedUser | null>;
  flags: AsyncState<AdminFlags | null>;
  saveFlags: AsyncState<AdminFlags | null>;
  left: AsyncState<LeftUsers | null>;
  leftPage: number;
  leave: AsyncState<ManagedUser | null>;
  search: (query: UserQuery) => Promise<void>;
  changeRole: (userId: number, roleType: string) => Promise<ManagedUser | null>;
  fetchFlags: (userId: number) => Promise<void>;
  setFlags: (userId: number, flags: AdminFlag[]) => Promise<boolean>;
  fetchLeft: (page: number) => Promise<void>;
  processLeave: (userId: number, status: 'banned' | 'left', reason: string) => Promise<ManagedUser | null>;
}

const initial = () => ({
  users: initialAsync<StaffUserList | null>(null),
  query: { roleTypes: [], activeStatuses: [], words: '', page: 1 } as UserQuery,
  change: initialAsync<ManagedUser | null>(null),
  flags: initialAsync<AdminFlags | null>(null),
  saveFlags: initialAsync<AdminFlags | null>(null),
  left: initialAsync<LeftUsers | null>(null),
  leftPage: 1,
  leave: initialAsync<ManagedUser | null>(null),
});

export const useUserAdmin = create<UserAdminState>((set, get) => ({
  ...initial(),
  search: async (query) => {
    set({ query });
    await track(set, 'users', () => userAdminApi.users(query), USERS_FAILED);
  },
  changeRole: async (userId, roleType) => {
    const changed = await track(set, 'change', () => userAdminApi.changeRole(userId, roleType), ROLE_FAILED);
    if (changed) await get().search(get().query);
    return changed;
  },
  fetchFlags: async (userId) => {
    await track(set, 'flags', () => userAdminApi.adminFlags(userId), FLAGS_FAILED);
  },
  setFlags: async (userId, flags) => {
    const saved = await track(set, 'saveFlags', () => userAdminApi.setAdminFlags(userId, flags), SAVE_FLAGS_FAILED, (_, data) => ({ flags: initialAsync(data) }));
    return saved !== null;
  },
  fetchLeft: async (page) => {
    set({ leftPage: page });
    await track(set, 'left', () => userAdminApi.leftUsers(page), LEFT_FAILED);
  },
  processLeave: async (userId, status, reason) => {
    const done = await track(set, 'leave', () => userAdminApi.leave(userId, status, reason), LEAVE_FAILED);
    if (done) await get().fetchLeft(1);
    return done;
  },
}));

registerReset(() => useUserAdmin.setState(initial()));
