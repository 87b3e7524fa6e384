/**
 * What every visitor's session needs: API failures shown (maintenance, the error banner), the
 * maintenance schedule, and the logged-in user asked for as soon as there is a token. The live
 * socket and the features' live updates are a member's only: `member-session.tsx`, a chunk the
 * login page never loads.
 */
import { useEffect } from 'react';
import { useAuth } from '@/features/auth/store';
import { useBanners } from '@/features/banners/store';
import { pollMaintenance } from '@/features/maintenance/live';
import { useMaintenance } from '@/features/maintenance/store';
import { setFailureListener } from '@/lib/api-client';
import { MaintenanceError, ValidationError } from '@/lib/errors';

setFailureListener((error) => {
  if (error instanceof MaintenanceError) {
    useMaintenance.getState().applyError(error);
    return;
  }
  // Form errors are shown next to their fields; the banner is for everything else.
  if (error.showInBanner && !(error instanceof ValidationError)) useBanners.getState().error(error.message);
});

export function useLiveSession(): void {
  const token = useAuth((s) => s.token);
  const whoami = useAuth((s) => s.whoami);

  useEffect(() => {
    void useMaintenance.getState().refresh();
  }, []);

  useEffect(() => {
    // A page without the socket (nobody logged in) asks for the schedule now and then.
    if (!token) return pollMaintenance();
    // Not waiting for the member's chunk: the page waits for whoami.
    const { user } = useAuth.getState();
    if (!user.data && !user.loading) void whoami();
  }, [token, whoami]);
}
