/** Puts a logged-in user in the auth store, for pages behind role gates (StaffOnly, useViewer). */
import { useAuth } from '@/features/auth/store';
import type { User } from '@/features/auth/types';

/** `roleType` as the server sends it (`tsumugi_manager`, `client`, `general`, …). */
export function signInAs(roleType: string, options: { id?: number; clientId?: number | null } = {}): User {
  const clientId = options.clientId ?? null;
  const user: User = {
    id: options.id ?? 1,
    userName: 'テスト ユーザー',
    roleType,
    imageFile: null,
    workStatus: 'accepting',
    hasSkill: true,
    hasBankAccount: true,
    hasPortfolio: true,
    hasPossibleWork: true,
    hasAttribute: true,
    isExistsNewInformation: false,
    client: clientId === null ? null : { id: clientId, companyName: '株式会社デモメディア' },
  };
  useAuth.setState({ token: 'test-token', resolved: true, user: { data: user, loading: false, error: null } });
  return user;
}
