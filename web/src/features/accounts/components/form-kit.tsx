/** What the account forms share: the public pages' frame, a failed submit mapped onto fields, the password pair with its generator, and the dead-link notice. */
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormRegister, UseFormSetError, UseFormSetValue, FieldErrors, Path, PathValue } from 'react-hook-form';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { useServerErrors } from '@/components/server-errors';
import { TextField } from '@/components/text-field';
import { ValidationError } from '@/lib/errors';
import { theme } from '@/theme/theme';
import { accountsApi } from '../api';
import { accountFields, M } from '../schema';

const Frame = styled.div<{ $wide: boolean }>`
  max-width: ${(p) => (p.$wide ? 720 : 480)}px;
  margin: 6vh auto 40px;
  padding: 0 16px;
`;
const Brand = styled.p`
  text-align: center;
  color: ${theme.color.brand};
  font-size: 28px;
  font-weight: ${theme.font.bold};
  margin: 0 0 16px;
`;

/** A public account page: the brand and one panel. */
export function PublicFrame({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <Frame $wide={wide}>
      <Brand>Tsumugi</Brand>
      <Panel title={title} level={1}>
        {children}
      </Panel>
    </Frame>
  );
}

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  margin-top: 16px;
`;

/** Whether a failure is a used, expired or unknown mailed link. */
export const isDeadLink = (error: unknown): boolean =>
  error instanceof ValidationError && Object.values(error.rules).some((rules) => rules.some((rule) => rule.includes('jwt')));

/** A link that can no longer be used, and where to start again. */
export function DeadLink({ restart, restartLabel }: { restart: string; restartLabel: string }) {
  return (
    <div role="alert" data-testid="dead-link">
      <p>{M.tokenInvalid}</p>
      <Muted>お手数ですが、はじめからやり直してください。</Muted>
      <Link to={restart}>{restartLabel}</Link>
    </div>
  );
}

/** A submit of the account forms: their wording and field names (`accountFields`) on the shared server-error handling. */
export function useFormFailure<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly string[]) {
  return useServerErrors(accountFields(fields), setError as (field: never, error: { type: string; message: string }) => void, M.fallback);
}

interface PasswordValues extends FieldValues {
  password: string;
  passwordConfirmation: string;
}

/** A new password and its confirmation, with 「パスワードを自動生成」 showing what it generated. */
export function PasswordFields<T extends PasswordValues>({
  register,
  setValue,
  errors,
  label = 'パスワード',
}: {
  register: UseFormRegister<T>;
  setValue: UseFormSetValue<T>;
  errors: FieldErrors<T>;
  label?: string;
}) {
  const [generated, setGenerated] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [failed, setFailed] = useState(false);
  const generate = async () => {
    setGenerating(true);
    setFailed(false);
    try {
      const { password } = await accountsApi.randomPassword();
      const options = { shouldValidate: true, shouldDirty: true };
      setValue('password' as Path<T>, password as PathValue<T, Path<T>>, options);
      setValue('passwordConfirmation' as Path<T>, password as PathValue<T, Path<T>>, options);
      setGenerated(password);
    } catch {
      setFailed(true);
    } finally {
      setGenerating(false);
    }
  };
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint="大文字・小文字・数字を含む8文字以上"
        error={errors.password?.message as string | undefined}
        {...register('password' as Path<T>)}
      />
      <TextField
        label={`${label}（確認）`}
        type="password"
        autoComplete="new-password"
        required
        error={errors.passwordConfirmation?.message as string | undefined}
        {...register('passwordConfirmation' as Path<T>)}
      />
      <Actions style={{ marginTop: 0, marginBottom: 16 }}>
        <Button type="button" $size="sm" $outlined $variant="primary" onClick={() => void generate()} disabled={generating}>
          パスワードを自動生成
        </Button>
        {generated && (
          <span data-testid="generated-password">
            生成したパスワード: <code>{generated}</code>（控えておいてください）
          </span>
        )}
        {failed && <span role="alert">パスワードの自動生成に失敗しました</span>}
      </Actions>
    </>
  );
}
