/** Sign-up by mail: the address, the 「sent」 notice, and the profile the mailed link opens. */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Muted } from '@/components/page';
import { href } from '@/config/paths';
import { accountsApi } from '../api';
import type { LinkTarget } from '../types';
import { DeadLink, isDeadLink, PublicFrame } from './form-kit';
import { MailAddressForm } from './mail-address-form';
import { ProfileForm } from './profile-form';

export function SignupPage({ onSent }: { onSent: (mailAddress: string) => void }) {
  return (
    <PublicFrame title="会員登録">
      <Muted>ご登録のメールアドレスに、プロフィール登録用のURLをお送りします。</Muted>
      <MailAddressForm submitLabel="登録用URLを送信" onSubmit={(mailAddress) => accountsApi.signup(mailAddress)} onSent={onSent}>
        <Muted>
          送信すると<Link to={href('terms')}>利用規約</Link>と<Link to={href('privacies')}>プライバシーポリシー</Link>をご確認いただいたものとみなします。
        </Muted>
      </MailAddressForm>
      <p>
        <Link to={href('login')}>ログイン画面へ戻る</Link>
      </p>
    </PublicFrame>
  );
}

/** A 「mail sent」 page: what was sent and what to do next. */
export function SentPage({ title, children, back = { to: href('login'), label: 'ログイン画面へ' } }: { title: string; children: ReactNode; back?: { to: string; label: string } }) {
  return (
    <PublicFrame title={title}>
      <div data-testid="sent-page">{children}</div>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </PublicFrame>
  );
}

export function SignupSentPage({ mailAddress }: { mailAddress: string | null }) {
  return (
    <SentPage title="仮登録完了">
      <p>{mailAddress ? `${mailAddress} 宛てに` : ''}登録用のURLをお送りしました。</p>
      <Muted>メールに記載のURLを24時間以内に開き、プロフィールの登録を続けてください。メールが届かない場合は迷惑メールフォルダもご確認ください。</Muted>
    </SentPage>
  );
}

/**
 * Where a mailed link leads, once its token is checked (null while checking; `dead` for a used or
 * expired link, or a page opened without one, which is not asked about).
 */
export function useLinkTarget(load: () => Promise<LinkTarget>, key: string, token: string): LinkTarget | 'dead' | null {
  const [target, setTarget] = useState<{ key: string; value: LinkTarget | 'dead' } | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    load().then(
      (value) => live && setTarget({ key, value }),
      () => live && setTarget({ key, value: 'dead' }),
    );
    return () => {
      live = false;
    };
    // `key` names the link; `load` is a new closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!token) return 'dead';
  return target?.key === key ? target.value : null;
}

/** The profile a sign-up link opens; a new member's session token goes to `onSignedUp`. */
export function SignupProfilePage({ token, onSignedUp }: { token: string; onSignedUp: (sessionToken: string) => Promise<void> }) {
  const target = useLinkTarget(() => accountsApi.signupLink(token), token, token);
  const [dead, setDead] = useState(false);
  if (target === null) return <PublicFrame title="プロフィール登録" wide><Muted>確認しています…</Muted></PublicFrame>;
  if (target === 'dead' || dead)
    return (
      <PublicFrame title="プロフィール登録">
        <DeadLink restart={href('signup')} restartLabel="会員登録をやり直す" />
      </PublicFrame>
    );
  return (
    <PublicFrame title="プロフィール登録" wide>
      <ProfileForm
        mode="signup"
        mailAddress={target.mailAddress}
        submitLabel="登録する"
        onSubmit={async (input, extras) => {
          try {
            const { token: sessionToken } = await accountsApi.signupProfile({ ...input, ...extras, token });
            await onSignedUp(sessionToken);
          } catch (error) {
            if (isDeadLink(error)) setDead(true);
            throw error;
          }
        }}
      />
    </PublicFrame>
  );
}
