import { api } from '@/lib/api-client';
import type {
  ClientPersonInput,
  LinkTarget,
  MailFrequencies,
  PasswordInput,
  PostalAddress,
  Prefecture,
  Profile,
  ProfileInput,
  SignedUp,
  SignupInput,
} from './types';

export const accountsApi = {
  signup: (mailAddress: string) => api.post<void>('/signup', { mailAddress }),
  signupLink: (token: string) => api.get<LinkTarget>('/signup/profile', { token }),
  signupProfile: (input: SignupInput) => api.post<SignedUp>('/signup/profile', input),
  inviteClientPerson: (clientId: number, mailAddress: string) => api.post<void>(`/clients/${clientId}/signup`, { mailAddress }),
  clientSignupLink: (clientId: number, token: string) => api.get<LinkTarget>(`/clients/${clientId}/signup/profile`, { token }),
  clientSignupProfile: (clientId: number, input: ClientPersonInput) => api.post<SignedUp>(`/clients/${clientId}/signup/profile`, input),
  accountRecovery: (mailAddress: string) => api.post<void>('/account_recovery', { mailAddress }),
  changePassword: (token: string, input: PasswordInput) => api.post<void>('/change_password', { token, ...input }),
  updatePassword: (currentPassword: string, input: PasswordInput) => api.put<void>('/users/me/password', { currentPassword, ...input }),
  requestMailChange: (mailAddress: string, password: string) => api.put<void>('/users/me/mail_address', { mailAddress, password }),
  confirmMailChange: (token: string) => api.post<Profile>('/users/me/mail_address/confirm', { token }),
  randomPassword: () => api.get<{ password: string }>('/random_password'),
  myProfile: () => api.get<Profile>('/users/me'),
  updateProfile: (input: ProfileInput) => api.put<Profile>('/users/me', input),
  mailFrequencies: () => api.get<MailFrequencies>('/users/me/mail_frequencies'),
  updateMailFrequencies: (input: MailFrequencies) => api.put<MailFrequencies>('/users/me/mail_frequencies', input),
  prefectures: () => api.get<Prefecture[]>('/prefectures'),
  /** The addresses of a 7-digit postal code; an unknown code is the form's to handle, not the banner's. */
  postalCode: (code: string) =>
    api.get<{ postalCode: string; addresses: PostalAddress[] }>(`/postal_codes/${code}`, undefined, { quietRefusal: true }),
};
