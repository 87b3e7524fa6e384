/** `/guest/clients/login?token=…&media_id=…&team_id=…`: authenticates the share link at once, then opens the shared team. */
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page';
import { href } from '@/config/paths';
import { useGuests } from '../store';
import { GuestFrame } from './guest-parts';

export const INVALID_URL = '無効なURLです。';

export function GuestLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { auth, authenticate } = useGuests();
  const token = params.getAll('token');
  const valid = token.length === 1 && token[0] !== '';
  const started = useRef(false);

  useEffect(() => {
    if (!valid || started.current) return;
    started.current = true;
    void authenticate(token[0]).then((guest) => {
      if (guest) navigate(href('guestTeam', { mediaId: guest.mediaId, teamId: guest.teamId }), { replace: true });
    });
  }, [valid, token, authenticate, navigate]);

  const message = !valid ? INVALID_URL : auth.error?.message;
  return (
    <GuestFrame>
      <PageTitle>共有チームを開いています</PageTitle>
      {message ? (
        <div role="alert" data-testid="guest-login-error">
          <p>{message}</p>
          <p>共有元の担当者に新しいURLを依頼してください。</p>
        </div>
      ) : (
        <p aria-busy="true">認証しています…</p>
      )}
    </GuestFrame>
  );
}
