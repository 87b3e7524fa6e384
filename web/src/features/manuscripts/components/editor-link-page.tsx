/**
 * /editor?token=…: an editor link. The token is checked first as spec section 5 says (a refused
 * link shows the spec's message, section 8, without asking the server); a member then has the
 * server resolve it (`GET /editor/resolve`: the manuscript and the effective permission, or its
 * own refusal in Japanese) and the editor opens. A visitor not logged in logs in first and comes
 * back here.
 */
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import styled from 'styled-components';
import { Muted, PageTitle } from '@/components/page';
import { href } from '@/config/paths';
import { checkEditorToken } from '@/lib/editor-token';
import { MESSAGES } from '@/lib/errors';
import { useSubmit } from '@/lib/use-submit';
import { theme } from '@/theme/theme';
import { manuscriptsApi } from '../api';
import type { EditorUser } from './manuscript-editor';
import { ManuscriptPage } from './manuscript-page';

const Refusal = styled.p`
  color: ${theme.color.alert};
  font-weight: ${theme.font.bold};
`;

interface Props {
  /** The logged-in member, null for a visitor; undefined while the session is being confirmed. */
  user: EditorUser | null | undefined;
}

export function EditorLinkPage({ user }: Props) {
  const location = useLocation();
  const check = checkEditorToken(location.search);
  if (!check.valid) {
    return (
      <>
        <PageTitle>原稿エディタ</PageTitle>
        <Refusal role="alert" data-testid="editor-link-error">
          {check.message}
        </Refusal>
      </>
    );
  }
  if (user === null) return <Navigate to={href('login')} replace state={{ from: location.pathname + location.search }} />;
  if (user === undefined) return <PageTitle>原稿エディタ</PageTitle>;
  const token = new URLSearchParams(location.search).get('token')!;
  return <ResolvedEditor token={token} user={user} />;
}

function ResolvedEditor({ token, user }: { token: string; user: EditorUser }) {
  const resolve = useSubmit((value: string) => manuscriptsApi.resolve(value), MESSAGES.fallback);
  const { run } = resolve;
  useEffect(() => {
    void run(token);
  }, [run, token]);
  if (resolve.error) {
    return (
      <>
        <PageTitle>原稿エディタ</PageTitle>
        <Refusal role="alert" data-testid="editor-link-error">
          {resolve.error.message}
        </Refusal>
      </>
    );
  }
  if (!resolve.data) {
    return (
      <>
        <PageTitle>原稿エディタ</PageTitle>
        <Muted>原稿を確認しています…</Muted>
      </>
    );
  }
  return <ManuscriptPage manuscriptId={resolve.data.manuscriptId} user={user} link={{ permission: resolve.data.permission, token }} />;
}
