import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorText, Muted } from '@/components/page';
import { TextField } from '@/components/text-field';
import { Panel } from '@/components/panel';
import { href } from '@/config/paths';
import { useIsMobile } from '@/lib/device';
import { landingPath } from '../landing';
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
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useIsMobile();
  const from = (location.state as { from?: string } | null)?.from;

  const send = async () => {
    if (await sendTwoStepCode(token)) setSent(true);
  };
  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (await verifyTwoStep(token, code.trim())) {
      navigate(from ?? landingPath(useAuth.getState().user.data!, mobile), { replace: true });
    }
  };

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
        <form onSubmit={verify} style={{ marginTop: 16 }}>
          <TextField label="認証コード" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          {twoStep.error && <ErrorText role="alert">{twoStep.error.message}</ErrorText>}
          <Button type="submit" $variant="primary" disabled={twoStep.loading || code.trim().length === 0}>
            認証する
          </Button>
        </form>
      </Panel>
    </Wrap>
  );
}
