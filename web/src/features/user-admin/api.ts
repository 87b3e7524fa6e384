import { api } from '@/lib/api-client';
import type { AdminFlag, AdminFlags, LeftUsers, ManagedUser, StaffUserList, UserQuery } from './types';

export const userAdminApi = {
  users: (query: UserQuery) =>
    api.get<StaffUserList>('/users', { roleTypes: query.roleTypes, activeStatuses: query.activeStatuses, words: query.words, page: query.page, perPage: 20 }),
  changeRole: (userId: number, roleType: string) => api.put<ManagedUser>(`/users/${userId}/role`, { roleType }),
  adminFlags: (userId: number) => api.get<AdminFlags>(`/users/${userId}/admin_flags`),
  setAdminFlags: (userId: number, adminFlags: AdminFlag[]) => api.put<AdminFlags>(`/users/${userId}/admin_flags`, { adminFlags }),
  leave: (userId: number, status: 'banned' | 'left', reason: string) => api.put<ManagedUser>(`/admin/users/${userId}/left`, { status, reason }),
  leftUsers: (page: number) => api.get<LeftUsers>('/users/left', { page }),
};
