import { api } from '@/lib/api-client';
import type { User } from './types';

export type LoginAnswer = { token: string; user: User } | { twoStepToken: string };

export interface Challenge {
  kind: 'pow' | 'http' | 'off';
  challenge?: string;
  difficulty?: number;
  siteKey?: string;
}

export const authApi = {
  challenge: () => api.get<Challenge>('/siteverify/challenge'),
  siteVerify: (token: string) => api.post<{ success: boolean }>('/siteverify', { token }),
  login: (mailAddress: string, password: string, siteVerifyToken: string | null) =>
    api.post<LoginAnswer>('/users/login', { mailAddress, password, siteVerifyToken }),
  sendTwoStepCode: (twoStepToken: string) => api.post<void>('/users/two_step_password', { twoStepToken }),
  verifyTwoStep: (twoStepToken: string, password: string) =>
    api.post<{ token: string; user: User }>('/users/two_step_verification', { twoStepToken, password }),
  whoami: () => api.get<User>('/users/whoami'),
  logout: () => api.post<void>('/users/logout'),
};
