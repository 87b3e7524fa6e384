import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorText, Muted } from '@/components/page';
import { TextField } from '@/components/text-field';
import { Panel } from '@/components/panel';
import { href } from '@/config/paths';
import { useIsMobile } from '@/lib/device';
import { landingPath } from '../landing';
import { TWO_STEP_CODE_MAX, twoStepSchema, type TwoStepCode, type TwoStepFormValues } from '../schema';
import { useAuth } from '../store';

const Wrap = styled.div`
  max-width: 440px;
  margin: 10vh auto 0;
  padding: 0 16px;
`;

export function TwoStepPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { sendTwoStepCode, verifyTwoStep, twoStep } = useAuth();
  const form = useForm<TwoStepFormValues, unknown, TwoStepCode>({ resolver: zodResolver(twoStepSchema), defaultValues: { code: '' } });
  const code = useWatch({ control: form.control, name: 'code' });
  const [sent, setSent] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useIsMobile();
  const from = (location.state as { from?: string } | null)?.from;

  const send = async () => {
    if (await sendTwoStepCode(token)) setSent(true);
  };
  // A wrong or expired code shows through the store's error under the field.
  const verify = form.handleSubmit(async (values) => {
    if (await verifyTwoStep(token, values.code)) {
      navigate(from ?? landingPath(useAuth.getState().user.data!, mobile), { replace: true });
    }
  });

  return (
    <Wrap>
      <Panel title="二段階認証" level={1}>
        <Muted>登録済みのメールアドレスに認証コードを送信します。届いた6桁のコードを入力してください。</Muted>
        {!token && (
          <ErrorText role="alert">
            認証の受付がありません。<Link to={href('login')}>ログイン画面</Link>からもう一度ログインしてください。
          </ErrorText>
        )}
        <Button type="button" $variant="primary" $outlined onClick={send} disabled={twoStep.loading || !token}>
          認証コードを送信
        </Button>
        {sent && <p role="status">認証コードを送信しました。</p>}
        <form onSubmit={(e) => void verify(e)} noValidate style={{ marginTop: 16 }}>
          <TextField label="認証コード" inputMode="numeric" autoComplete="one-time-code" maxLength={TWO_STEP_CODE_MAX} error={form.formState.errors.code?.message} {...form.register('code')} />
          {twoStep.error && <ErrorText role="alert">{twoStep.error.message}</ErrorText>}
          <Button type="submit" $variant="primary" disabled={twoStep.loading || code.trim().length === 0}>
            認証する
          </Button>
        </form>
      </Panel>
    </Wrap>
  );
}
