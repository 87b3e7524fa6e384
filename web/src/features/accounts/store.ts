/** The member's profile and mail frequencies, and the prefectures the profile form offers. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { registerReset } from '@/lib/reset';
import { accountsApi } from './api';
import type { MailFrequencies, Prefecture, Profile, ProfileInput } from './types';

interface AccountsState {
  prefectures: AsyncState<Prefecture[]>;
  profile: AsyncState<Profile | null>;
  mailFrequencies: AsyncState<MailFrequencies | null>;
  fetchPrefectures: () => Promise<void>;
  fetchProfile: () => Promise<void>;
  saveProfile: (input: ProfileInput) => Promise<Profile | null>;
  fetchMailFrequencies: () => Promise<void>;
  saveMailFrequencies: (input: MailFrequencies) => Promise<MailFrequencies | null>;
  /** Whether chat notices may become browser notifications: asked each time (another tab may have changed it). */
  browserNotificationsOn: () => Promise<boolean>;
}

const initial = () => ({
  prefectures: initialAsync<Prefecture[]>([]),
  profile: initialAsync<Profile | null>(null),
  mailFrequencies: initialAsync<MailFrequencies | null>(null),
});

export const useAccounts = create<AccountsState>((set, get) => ({
  ...initial(),
  fetchPrefectures: async () => {
    if (get().prefectures.data.length > 0) return;
    await track(set, 'prefectures', () => accountsApi.prefectures(), '都道府県の取得に失敗しました');
  },
  fetchProfile: async () => {
    await track(set, 'profile', () => accountsApi.myProfile(), 'プロフィールの取得に失敗しました');
  },
  // The form shows a failed save itself (its fields); the stored profile stays as it was.
  saveProfile: async (input) => {
    const saved = await accountsApi.updateProfile(input);
    set((s) => ({ profile: { ...s.profile, data: saved } }));
    return saved;
  },
  fetchMailFrequencies: async () => {
    await track(set, 'mailFrequencies', () => accountsApi.mailFrequencies(), 'メール通知設定の取得に失敗しました');
  },
  saveMailFrequencies: (input) =>
    track(set, 'mailFrequencies', () => accountsApi.updateMailFrequencies(input), 'メール通知設定の更新に失敗しました'),
  browserNotificationsOn: async () => {
    try {
      const frequencies = await accountsApi.mailFrequencies();
      set((s) => ({ mailFrequencies: { ...s.mailFrequencies, data: frequencies } }));
      return frequencies.browserNotification;
    } catch {
      return false;
    }
  },
}));

registerReset(() => useAccounts.setState(initial()));
