/** The session: token in localStorage, the logged-in user, login and two-step flows. */
import { create } from 'zustand';
import { setTokenProvider } from '@/lib/api-client';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { AppError, UnauthorizedError } from '@/lib/errors';
import { solveChallenge } from '@/lib/proof-of-work';
import { registerReset, resetAll } from '@/lib/reset';
import { authApi, normalizeUser } from './api';
import type { User } from './types';

export const TOKEN_KEY = 'tsumugi.token';
export const BOT_SUSPECTED =
  'ボットによる登録の疑いが強いため、ログインできません。ブラウザまたは端末を変更してお試しください。';
export const TWO_STEP_FAILED = '二段階認証に失敗しました';
export const TWO_STEP_CODE_FAILED = '二段階認証パスワードの作成に失敗しました';

export type LoginOutcome = 'session' | 'twoStep' | null;

export type RevokeReason = 'role_changed' | 'left';

/** What the login page says after staff ended the session. */
export const REVOKED_NOTICES: Record<RevokeReason, string> = {
  role_changed: '権限が変更されたため、ログアウトしました。もう一度ログインしてください。',
  left: 'アカウントの利用が停止されたため、ログアウトしました。',
};

interface AuthState {
  token: string | null;
  twoStepToken: string | null;
  user: AsyncState<User | null>;
  login: AsyncState<null>;
  twoStep: AsyncState<null>;
  /** False until the first whoami has answered (or there was no token). */
  resolved: boolean;
  logIn: (mailAddress: string, password: string) => Promise<LoginOutcome>;
  sendTwoStepCode: (twoStepToken: string) => Promise<boolean>;
  verifyTwoStep: (twoStepToken: string, code: string) => Promise<boolean>;
  whoami: () => Promise<User | null>;
  /** Starts the session of a token another flow obtained (sign-up answers like the login), and loads its user. */
  adoptSession: (token: string) => Promise<User | null>;
  logOut: () => Promise<void>;
  /** Why the last session ended without the person asking (shown on the login page), if it did. */
  endedNotice: string | null;
  /** Staff ended this session (`session.revoked`): forget it here, the server already has. */
  endRevokedSession: (reason: RevokeReason) => void;
  /** Takes a User record the server sent (an update's answer, `user.updated`) as the logged-in user. */
  applyUser: (user: User) => void;
}

const storedToken = (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));

/** Proves the browser did the work: the server's challenge, solved, then verified. */
async function passBotCheck(): Promise<string | null> {
  const challenge = await authApi.challenge();
  if (challenge.kind === 'off') return null;
  const token =
    challenge.kind === 'pow' && challenge.challenge
      ? await solveChallenge(challenge.challenge, challenge.difficulty ?? 0)
      : '';
  const verdict = await authApi.siteVerify(token);
  if (!verdict.success) throw new AppError(BOT_SUSPECTED);
  return token;
}

const initial = () => ({
  token: storedToken(),
  twoStepToken: null,
  user: initialAsync<User | null>(null),
  login: initialAsync<null>(null),
  twoStep: initialAsync<null>(null),
  resolved: !storedToken(),
  endedNotice: null as string | null,
});

export const useAuth = create<AuthState>((set, get) => {
  const startSession = (token: string, user: User) => {
    localStorage.setItem(TOKEN_KEY, token);
    set((s) => ({ token, twoStepToken: null, resolved: true, user: { ...s.user, data: user, error: null } }));
  };
  return {
    ...initial(),
    logIn: async (mailAddress, password) => {
      const answer = await track(set, 'login', async () => {
        const siteVerifyToken = await passBotCheck();
        return authApi.login(mailAddress, password, siteVerifyToken);
      }, 'ログインに失敗しました');
      if (!answer) return null;
      if ('twoStepToken' in answer) {
        set({ twoStepToken: answer.twoStepToken });
        return 'twoStep';
      }
      startSession(answer.token, answer.user);
      return 'session';
    },
    sendTwoStepCode: async (twoStepToken) => {
      await track(set, 'twoStep', () => authApi.sendTwoStepCode(twoStepToken).then(() => null), TWO_STEP_CODE_FAILED);
      return !get().twoStep.error;
    },
    verifyTwoStep: async (twoStepToken, code) => {
      const answer = await track(set, 'twoStep', () => authApi.verifyTwoStep(twoStepToken, code), TWO_STEP_FAILED);
      if (!answer) return false;
      startSession(answer.token, answer.user);
      return true;
    },
    whoami: async () => {
      if (!get().token) {
        set({ resolved: true });
        return null;
      }
      const user = await track(set, 'user', () => authApi.whoami(), 'ユーザー情報の取得に失敗しました');
      const error = get().user.error;
      if (error instanceof UnauthorizedError) {
        // Whoami without a valid token simply means logged out.
        localStorage.removeItem(TOKEN_KEY);
        set({ token: null, user: initialAsync(null) });
      }
      set({ resolved: true });
      return user;
    },
    adoptSession: async (token) => {
      // Whoever was logged in here before leaves nothing behind.
      if (get().token) resetAll();
      localStorage.setItem(TOKEN_KEY, token);
      set({ token, twoStepToken: null, resolved: false });
      return get().whoami();
    },
    logOut: async () => {
      try {
        if (get().token) await authApi.logout();
      } catch {
        // Logging out locally matters more than the server's answer.
      }
      localStorage.removeItem(TOKEN_KEY);
      resetAll();
    },
    endRevokedSession: (reason) => {
      localStorage.removeItem(TOKEN_KEY);
      resetAll();
      set({ endedNotice: REVOKED_NOTICES[reason] ?? REVOKED_NOTICES.left });
    },
    applyUser: (user) => {
      if (get().user.data?.id !== user.id) return;
      set((s) => ({ user: { ...s.user, data: normalizeUser(user) } }));
    },
  };
});

setTokenProvider(() => useAuth.getState().token);
registerReset(() => useAuth.setState({ ...initial(), token: null, resolved: true }));
