import { api } from '@/lib/api-client';
import { toCamel } from '@/lib/case';
import type { User, UserRecord } from './types';

export type LoginAnswer = { token: string; user: User } | { twoStepToken: string };

export interface Challenge {
  kind: 'pow' | 'http' | 'off';
  challenge?: string;
  difficulty?: number;
  siteKey?: string;
}

/** Enum values arrive snake_case (`editor_assistant`, `not_set`); the client uses camelCase. */
export const normalizeUser = (user: UserRecord | User): User => ({ ...user, roleType: toCamel(user.roleType), workStatus: toCamel(user.workStatus ?? 'not_set') });

const withUser = <T extends { user: User }>(answer: T): T => ({ ...answer, user: normalizeUser(answer.user) });

export const authApi = {
  challenge: () => api.get<Challenge>('/siteverify/challenge'),
  siteVerify: (token: string) => api.post<{ success: boolean }>('/siteverify', { token }),
  login: (mailAddress: string, password: string, siteVerifyToken: string | null) =>
    api
      .post<LoginAnswer>('/users/login', { mailAddress, password, siteVerifyToken })
      .then((answer) => ('user' in answer ? withUser(answer) : answer)),
  sendTwoStepCode: (twoStepToken: string) => api.post<void>('/users/two_step_password', { twoStepToken }),
  verifyTwoStep: (twoStepToken: string, password: string) =>
    api.post<{ token: string; user: User }>('/users/two_step_verification', { twoStepToken, password }).then(withUser),
  whoami: () => api.get<UserRecord>('/users/whoami').then(normalizeUser),
  logout: () => api.post<void>('/users/logout'),
};
