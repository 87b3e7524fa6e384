/** The logged-in member's own account pages under /user/edit: profile, login information, mail address confirmation and mail notification frequencies. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { href } from '@/config/paths';
import { type NotificationPermissionState, notificationPermission, requestNotificationPermission } from '@/lib/browser-notifications';
import { z } from '@/lib/zod';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { RadioCards } from '@/components/radio-cards';
import { TextField } from '@/components/text-field';
import { accountsApi } from '../api';
import { M, mailAddressField, passwordField, profileValuesOf } from '../schema';
import { useAccounts } from '../store';
import type { MailFrequencies, MailFrequency, Profile } from '../types';
import { Actions, DeadLink, isDeadLink, PasswordFields, useFormFailure } from './form-kit';
import { ProfileForm } from './profile-form';
import { ProfileImageField, type ChosenImage } from './profile-image-field';

/** /user/edit/profiles: the profile form with the saved values (creators: all of it; others: the basic part). */
export function ProfileEditPage({ title, creator, onSaved }: { title: string; creator: boolean; onSaved: () => void }) {
  const { profile, fetchProfile, saveProfile } = useAccounts();
  // The form starts from the profile as it is now (fetched on every visit), once.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchProfile().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [fetchProfile]);
  const saved = ready ? profile.data : null;
  // A new image is the profile's once the form is saved; the uploader starts afresh after it.
  const [image, setImage] = useState<ChosenImage>({ file: null, busy: false });
  const [saves, setSaves] = useState(0);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Panel title="プロフィール">
        <ErrorAlert error={profile.error} />
        {saved && (
          <ProfileForm
            mode={creator ? 'edit' : 'basic'}
            mailAddress={saved.mailAddress}
            defaultValues={profileValuesOf(saved)}
            submitLabel="保存する"
            image={creator && <ProfileImageField key={saves} currentPath={saved.imageFile?.path ?? null} onChange={setImage} />}
            submitDisabled={image.busy}
            onSubmit={async (input) => {
              await saveProfile(creator && image.file ? { ...input, imageFileId: image.file.id } : input);
              setSaves((n) => n + 1);
              setImage({ file: null, busy: false });
              onSaved();
            }}
          />
        )}
      </Panel>
    </>
  );
}

const mailChangeSchema = z.object({ mailAddress: mailAddressField, password: z.string().min(1, M.required) });
type MailChangeValues = z.infer<typeof mailChangeSchema>;

function MailAddressChangeForm({ current, onRequested }: { current: string | null; onRequested: (mailAddress: string) => void }) {
  const form = useForm<MailChangeValues>({ resolver: zodResolver(mailChangeSchema), defaultValues: { mailAddress: '', password: '' } });
  const { run, alert } = useFormFailure(form.setError, ['mailAddress', 'password']);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ mailAddress, password }) => {
    const sent = await run(async () => {
      await accountsApi.requestMailChange(mailAddress, password);
      return true;
    });
    if (sent) onRequested(mailAddress);
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="メールアドレスの変更">
      {alert}
      {current && <Muted>現在のメールアドレス: {current}</Muted>}
      <TextField label="新しいメールアドレス" type="email" autoComplete="email" required error={errors.mailAddress?.message} {...form.register('mailAddress')} />
      <TextField label="現在のパスワード" type="password" autoComplete="current-password" required error={errors.password?.message} {...form.register('password')} />
      <Muted>新しいメールアドレスに確認用のURLをお送りします。URLを開くと変更が完了します。</Muted>
      <Actions>
        <Button type="submit" $variant="primary" disabled={isSubmitting}>
          確認メールを送信
        </Button>
      </Actions>
    </form>
  );
}

const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1, M.required), password: passwordField, passwordConfirmation: z.string().min(1, M.required) })
  .refine((v) => v.password === v.passwordConfirmation, { message: M.confirmMismatch, path: ['passwordConfirmation'] })
  .refine((v) => !v.password || v.password !== v.currentPassword, { message: M.different, path: ['password'] });
type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

function PasswordChangeForm({ onChanged }: { onChanged: () => void }) {
  const empty = { currentPassword: '', password: '', passwordConfirmation: '' };
  const form = useForm<PasswordChangeValues>({ resolver: zodResolver(passwordChangeSchema), defaultValues: empty });
  const { run, alert } = useFormFailure(form.setError, ['currentPassword', 'password', 'passwordConfirmation']);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ currentPassword, password, passwordConfirmation }) => {
    const changed = await run(async () => {
      await accountsApi.updatePassword(currentPassword, { password, passwordConfirmation });
      return true;
    });
    if (changed) {
      form.reset(empty);
      onChanged();
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="パスワードの変更">
      {alert}
      <TextField label="現在のパスワード" type="password" autoComplete="current-password" required error={errors.currentPassword?.message} {...form.register('currentPassword')} />
      <PasswordFields register={form.register} setValue={form.setValue} errors={errors} label="新しいパスワード" />
      <Muted>変更すると、ほかの端末のログインは解除されます。</Muted>
      <Actions>
        <Button type="submit" $variant="primary" disabled={isSubmitting}>
          パスワードを変更する
        </Button>
      </Actions>
    </form>
  );
}

/** /user/edit/auth: the mail address (changed through a confirmation link) and the password. */
export function AuthEditPage({ title, onMailRequested, onPasswordChanged }: { title: string; onMailRequested: (mailAddress: string) => void; onPasswordChanged: () => void }) {
  const { profile, fetchProfile } = useAccounts();
  useEffect(() => {
    void fetchProfile();
  }, [fetchProfile]);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Panel title="メールアドレスの変更">
        <MailAddressChangeForm current={profile.data?.mailAddress ?? null} onRequested={onMailRequested} />
      </Panel>
      <Panel title="パスワードの変更">
        <PasswordChangeForm onChanged={onPasswordChanged} />
      </Panel>
      <p>
        <Link to={href('userEditMailFrequencies')}>メール通知の設定</Link>
      </p>
    </>
  );
}

export function MailChangeSentPage({ title, mailAddress }: { title: string; mailAddress: string | null }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Panel title="確認メールを送信しました">
        <p>{mailAddress ? `${mailAddress} 宛てに` : '新しいメールアドレス宛てに'}確認用のURLをお送りしました。</p>
        <Muted>URLを24時間以内に開くと、メールアドレスの変更が完了します。それまでは現在のメールアドレスでログインしてください。</Muted>
        <Link to={href('userEditAuth')}>ログイン情報へ戻る</Link>
      </Panel>
    </>
  );
}

/** One confirmation per token, even when React runs the effect twice (a link works once). */
const confirmations = new Map<string, Promise<Profile>>();
const confirmOnce = (token: string): Promise<Profile> => {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = accountsApi.confirmMailChange(token);
    confirmations.set(token, pending);
  }
  return pending;
};

/** /user/edit/auth/mail_address/complete: opening the link confirms the change. */
export function MailChangeCompletePage({ title, token, onConfirmed }: { title: string; token: string; onConfirmed: () => void }) {
  const [outcome, setOutcome] = useState<{ token: string; result: Profile | 'dead' | Error } | null>(null);
  const told = useRef(false);
  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmOnce(token).then(
      (profile) => {
        if (!live) return;
        setOutcome({ token, result: profile });
        if (!told.current) {
          told.current = true;
          onConfirmed();
        }
      },
      (error: unknown) => live && setOutcome({ token, result: isDeadLink(error) ? 'dead' : (error as Error) }),
    );
    return () => {
      live = false;
    };
  }, [token, onConfirmed]);
  const result = !token ? 'dead' : outcome?.token === token ? outcome.result : null;
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Panel title="メールアドレスの変更">
        {result === null && <Muted>確認しています…</Muted>}
        {result === 'dead' && <DeadLink restart={href('userEditAuth')} restartLabel="メールアドレスの変更をやり直す" />}
        {result instanceof Error && <p role="alert">{result.message || M.fallback}</p>}
        {result && result !== 'dead' && !(result instanceof Error) && (
          <div role="status">
            <p>メールアドレスを {result.mailAddress} に変更しました。</p>
            <Muted>次回からは新しいメールアドレスでログインしてください。</Muted>
            <Link to={href('userEdit')}>会員情報編集へ戻る</Link>
          </div>
        )}
      </Panel>
    </>
  );
}

const FREQUENCIES: { value: MailFrequency; label: string }[] = [
  { value: 'immediately', label: 'すぐに受け取る' },
  { value: 'daily', label: '1日1回まとめて受け取る' },
  { value: 'none', label: '受け取らない' },
];
const KINDS: { key: Exclude<keyof MailFrequencies, 'browserNotification'>; label: string }[] = [
  { key: 'message', label: 'チャットのメッセージ' },
  { key: 'task', label: 'タスクのお知らせ' },
  { key: 'information', label: '運営からのお知らせ' },
];

const PERMISSION_TEXT: Record<NotificationPermissionState, string> = {
  granted: 'このブラウザでの通知は許可されています。',
  denied: 'このブラウザでは通知がブロックされています。ブラウザのサイト設定から許可してください。',
  default: 'このブラウザでの通知はまだ許可されていません。',
  unsupported: 'このブラウザは通知に対応していません。',
};

/**
 * Chat notices as browser notifications: the member's setting (saved with the frequencies) and
 * this browser's permission, asked for only when they press the button.
 */
function BrowserNotificationSetting({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const [permission, setPermission] = useState(notificationPermission);
  return (
    <fieldset style={{ border: 'none', padding: 0, margin: '16px 0 0' }}>
      <legend style={{ fontWeight: 'bold', padding: 0, marginBottom: 6 }}>ブラウザ通知</legend>
      <Checkbox
        label="このタブが表示されていないとき、メンション・ダイレクトメッセージ・スレッドへの返信をブラウザで通知する"
        checked={on}
        onChange={(e) => onChange(e.target.checked)}
      />
      <p data-testid="notification-permission">
        {PERMISSION_TEXT[permission]}
        {permission === 'default' && (
          <Button type="button" $size="sm" style={{ marginLeft: 8 }} onClick={() => void requestNotificationPermission().then(setPermission)}>
            このブラウザで通知を許可する
          </Button>
        )}
      </p>
    </fieldset>
  );
}

/** /user/edit/mail_frequencies: how often each kind of notice is mailed, and browser notifications. */
export function MailFrequenciesPage({ title, onSaved }: { title: string; onSaved: () => void }) {
  const { mailFrequencies, fetchMailFrequencies, saveMailFrequencies } = useAccounts();
  const [draft, setDraft] = useState<MailFrequencies | null>(null);
  useEffect(() => {
    void fetchMailFrequencies();
  }, [fetchMailFrequencies]);
  const current = draft ?? mailFrequencies.data;
  const save = async () => {
    if (!current) return;
    const saved = await saveMailFrequencies(current);
    if (saved) {
      setDraft(null);
      onSaved();
    }
  };
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Panel title="メール通知の頻度">
        <ErrorAlert error={mailFrequencies.error} />
        {current && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            {KINDS.map((kind) => (
              <RadioCards
                key={kind.key}
                legend={kind.label}
                options={FREQUENCIES}
                value={current[kind.key]}
                onChange={(value) => setDraft({ ...current, [kind.key]: value as MailFrequency })}
                minCardWidth={180}
              />
            ))}
            <BrowserNotificationSetting on={current.browserNotification} onChange={(on) => setDraft({ ...current, browserNotification: on })} />
            <Actions>
              <Button type="submit" $variant="primary" disabled={mailFrequencies.loading}>
                保存する
              </Button>
            </Actions>
          </form>
        )}
      </Panel>
    </>
  );
}
