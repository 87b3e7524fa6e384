/** Account recovery: the address, the 「sent」 notice, the new password the mailed link opens, and its confirmation. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Muted } from '@/components/page';
import { href } from '@/config/paths';
import { accountsApi } from '../api';
import { passwordSchema, type PasswordValues } from '../schema';
import { Actions, DeadLink, isDeadLink, PasswordFields, PublicFrame, useFormFailure } from './form-kit';
import { MailAddressForm } from './mail-address-form';
import { SentPage } from './signup-pages';

export function AccountRecoveryPage({ onSent }: { onSent: () => void }) {
  return (
    <PublicFrame title="パスワードの再設定">
      <Muted>ご登録のメールアドレスを入力してください。パスワード再設定用のURLをお送りします。</Muted>
      <MailAddressForm submitLabel="再設定用URLを送信" onSubmit={(mailAddress) => accountsApi.accountRecovery(mailAddress)} onSent={onSent} />
      <p>
        <Link to={href('login')}>ログイン画面へ戻る</Link>
      </p>
    </PublicFrame>
  );
}

export function AccountRecoverySentPage() {
  return (
    <SentPage title="再設定メールを送信しました">
      <p>ご登録のメールアドレス宛てに、パスワード再設定用のURLをお送りしました。</p>
      <Muted>URLの有効期限は1時間です。メールが届かない場合は、入力したアドレスをご確認のうえ、もう一度お試しください。</Muted>
    </SentPage>
  );
}

const PASSWORD_FIELDS = ['password', 'passwordConfirmation'] as const;

/** The new password a reset link opens. */
export function ChangePasswordPage({ token, onChanged }: { token: string; onChanged: () => void }) {
  const [dead, setDead] = useState(!token);
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: { password: '', passwordConfirmation: '' } });
  const { run, alert } = useFormFailure(form.setError, PASSWORD_FIELDS);
  const submit = form.handleSubmit(async (values) => {
    const changed = await run(async () => {
      try {
        await accountsApi.changePassword(token, values);
        return true;
      } catch (error) {
        if (isDeadLink(error)) setDead(true);
        throw error;
      }
    });
    if (changed) onChanged();
  });
  if (dead)
    return (
      <PublicFrame title="パスワードの再設定">
        <DeadLink restart={href('accountRecovery')} restartLabel="再設定をやり直す" />
      </PublicFrame>
    );
  return (
    <PublicFrame title="パスワードの再設定">
      <form onSubmit={(e) => void submit(e)} noValidate>
        {alert}
        <PasswordFields register={form.register} setValue={form.setValue} errors={form.formState.errors} label="新しいパスワード" />
        <Actions>
          <Button type="submit" $variant="primary" disabled={form.formState.isSubmitting}>
            パスワードを変更する
          </Button>
        </Actions>
      </form>
    </PublicFrame>
  );
}

export function ChangePasswordSentPage() {
  return (
    <SentPage title="パスワードを変更しました" back={{ to: href('login'), label: '新しいパスワードでログインする' }}>
      <p>パスワードを変更しました。</p>
      <Muted>安全のため、ほかの端末のログインはすべて解除されました。</Muted>
    </SentPage>
  );
}
