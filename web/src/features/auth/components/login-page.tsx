import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { href } from '@/config/paths';
import { useIsMobile } from '@/lib/device';
import { ValidationError, formErrors } from '@/lib/errors';
import { theme } from '@/theme/theme';
import { landingPath } from '../landing';
import { useAuth } from '../store';

const Wrap = styled.div`
  max-width: 440px;
  margin: 10vh auto 0;
  padding: 0 16px;
`;
const Brand = styled.p`
  text-align: center;
  color: ${theme.color.brand};
  font-size: 32px;
  font-weight: ${theme.font.bold};
  margin: 21px 0 4px;
`;
const Help = styled.nav`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px;
  margin-top: 16px;
`;
const Lead = styled.p`
  text-align: center;
  color: ${theme.color.subText};
  margin-top: 0;
`;

const Notice = styled.p`
  background: ${theme.color.warningTint};
  border-radius: 4px;
  padding: 8px 12px;
  margin: 0 0 12px;
`;

export function LoginPage() {
  const { logIn, login, user, endedNotice } = useAuth();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const location = useLocation();
  const [mailAddress, setMailAddress] = useState('');
  const [password, setPassword] = useState('');
  const from = (location.state as { from?: string } | null)?.from;

  if (user.data) return <Navigate to={from ?? landingPath(user.data, mobile)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await logIn(mailAddress, password);
    if (outcome === 'twoStep') {
      const token = useAuth.getState().twoStepToken ?? '';
      navigate(href('twoStep', {}, { token }), { state: { from } });
    } else if (outcome === 'session') {
      const signedIn = useAuth.getState().user.data!;
      navigate(from ?? landingPath(signedIn, mobile), { replace: true });
    }
  };

  const fieldErrors = login.error instanceof ValidationError ? formErrors(login.error.rules) : {};
  const generalError = login.error && Object.keys(fieldErrors).length === 0 ? login.error.message : null;

  return (
    <Wrap>
      <Brand>Tsumugi</Brand>
      <Lead>クリエイターとクライアントをつなぐお仕事プラットフォーム</Lead>
      <Panel title="ログイン" level={1}>
        {endedNotice && <Notice role="status">{endedNotice}</Notice>}
        <form onSubmit={submit} noValidate>
          <TextField
            label="メールアドレス"
            type="email"
            autoComplete="username"
            value={mailAddress}
            onChange={(e) => setMailAddress(e.target.value)}
            error={fieldErrors.mailAddress?.join(' ')}
          />
          <TextField
            label="パスワード"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password?.join(' ')}
          />
          {generalError && <ErrorText role="alert">{generalError}</ErrorText>}
          <Button type="submit" $variant="primary" disabled={login.loading} style={{ width: '100%' }}>
            {login.loading ? '確認中…' : 'ログイン'}
          </Button>
        </form>
        <Help>
          <Link to={href('accountRecovery')}>パスワードをお忘れの方</Link>
          <Link to={href('signup')}>はじめての方は会員登録</Link>
        </Help>
        <p style={{ fontSize: 12, marginTop: 16 }}>
          <Link to={href('terms')}>利用規約</Link>・<Link to={href('privacies')}>プライバシーポリシー</Link>
        </p>
      </Panel>
    </Wrap>
  );
}
