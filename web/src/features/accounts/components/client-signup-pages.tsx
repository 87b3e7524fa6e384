/** Client invitations: managers, admins or the client's own people invite by mail; the invited person registers from the link. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { FormGrid } from '@/components/form-grid';
import { ErrorText, Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { href } from '@/config/paths';
import { toHalfWidthDigits } from '@/lib/format';
import { accountsApi } from '../api';
import { clientPersonSchema, type ClientPersonValues } from '../schema';
import { Actions, DeadLink, isDeadLink, PasswordFields, PublicFrame, useFormFailure } from './form-kit';
import { MailAddressForm } from './mail-address-form';
import { useLinkTarget } from './signup-pages';

/** /clients/{clientId}/signup: invite a person of the client by mail. */
export function ClientInvitePage({ clientId, title }: { clientId: number; title: string }) {
  const [sent, setSent] = useState<string[]>([]);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Panel title="メンバーを招待する">
        <Muted>招待する方のメールアドレスを入力してください。アカウント登録用のURLをお送りします（有効期限24時間）。</Muted>
        <MailAddressForm
          submitLabel="招待メールを送信"
          onSubmit={(mailAddress) => accountsApi.inviteClientPerson(clientId, mailAddress)}
          onSent={(mailAddress) => setSent((list) => [mailAddress, ...list])}
        />
        {sent.length > 0 && (
          <div role="status">
            <p>招待メールを送信しました。</p>
            <ul>
              {sent.map((address, i) => (
                <li key={`${address}-${i}`}>{address}</li>
              ))}
            </ul>
          </div>
        )}
      </Panel>
    </>
  );
}

const PERSON_FIELDS = ['lastName', 'firstName', 'lastNameKana', 'firstNameKana', 'phoneNumber', 'password', 'passwordConfirmation', 'accept'] as const;

/** /clients/{clientId}/signup/profile: the invited person's names, phone and password. */
export function ClientSignupProfilePage({ clientId, token, onSignedUp }: { clientId: number; token: string; onSignedUp: (sessionToken: string) => Promise<void> }) {
  const target = useLinkTarget(() => accountsApi.clientSignupLink(clientId, token), `${clientId}:${token}`, token);
  const [dead, setDead] = useState(false);
  const form = useForm<ClientPersonValues>({
    resolver: zodResolver(clientPersonSchema),
    defaultValues: { lastName: '', firstName: '', lastNameKana: '', firstNameKana: '', phoneNumber: '', password: '', passwordConfirmation: '', accept: false },
  });
  const { run, alert } = useFormFailure(form.setError, PERSON_FIELDS);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    await run(async () => {
      try {
        const { token: sessionToken } = await accountsApi.clientSignupProfile(clientId, { ...values, phoneNumber: String(values.phoneNumber), token });
        await onSignedUp(sessionToken);
      } catch (error) {
        if (isDeadLink(error)) setDead(true);
        throw error;
      }
    });
  });

  if (target === null) return <PublicFrame title="アカウント登録"><Muted>確認しています…</Muted></PublicFrame>;
  if (target === 'dead' || dead)
    return (
      <PublicFrame title="アカウント登録">
        <DeadLink restart={href('login')} restartLabel="ログイン画面へ（招待した方に再送を依頼してください）" />
      </PublicFrame>
    );
  return (
    <PublicFrame title="アカウント登録" wide>
      {target.companyName && <p>{target.companyName} のメンバーとして登録します。</p>}
      <form onSubmit={(e) => void submit(e)} noValidate>
        {alert}
        <p>
          <strong>メールアドレス</strong>
          <br />
          <span data-testid="profile-mail-address">{target.mailAddress}</span>
        </p>
        <FormGrid>
          <TextField label="姓" required error={errors.lastName?.message} {...form.register('lastName')} />
          <TextField label="名" required error={errors.firstName?.message} {...form.register('firstName')} />
        </FormGrid>
        <FormGrid>
          <TextField label="セイ" required hint="全角カタカナ" error={errors.lastNameKana?.message} {...form.register('lastNameKana')} />
          <TextField label="メイ" required hint="全角カタカナ" error={errors.firstNameKana?.message} {...form.register('firstNameKana')} />
        </FormGrid>
        <TextField
          label="電話番号"
          required
          type="tel"
          hint="ハイフンなし10〜11桁"
          error={errors.phoneNumber?.message}
          {...form.register('phoneNumber', { onBlur: () => form.setValue('phoneNumber', toHalfWidthDigits(String(form.getValues('phoneNumber')))) })}
        />
        <PasswordFields register={form.register} setValue={form.setValue} errors={errors} />
        <Checkbox label="利用規約とプライバシーポリシーに同意する" {...form.register('accept')} />
        {errors.accept?.message && <ErrorText role="alert">{errors.accept.message}</ErrorText>}
        <Actions>
          <Button type="submit" $variant="primary" disabled={isSubmitting}>
            登録する
          </Button>
        </Actions>
      </form>
    </PublicFrame>
  );
}
