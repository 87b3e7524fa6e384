import type { View } from '@/lib/api/wire';

/** The User record as the server sends it (the whoami and login answers, `user.updated`); what its profile flags allow is in lib/profile. */
export type UserRecord = View<'UserRecord'>;

/** The logged-in user: the record with its role and work status camelCased (`normalizeUser`). */
export type User = Omit<UserRecord, 'roleType' | 'workStatus'> & {
  roleType: string;
  workStatus: 'notSet' | 'accepting' | 'conditionallyAccepting' | 'notAccepting' | string;
};
