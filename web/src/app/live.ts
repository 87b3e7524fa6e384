/** Binds the live socket and API failures to the stores for the logged-in session. */
import { useEffect } from 'react';
import { subscribeAssessments } from '@/features/assessments/live';
import { subscribeSessionEnd, subscribeUser } from '@/features/auth/live';
import { useAuth } from '@/features/auth/store';
import { useBanners } from '@/features/banners/store';
import { subscribeChat } from '@/features/chat/live';
import { subscribeClientPayments } from '@/features/client-payments/live';
import { subscribeClientCounts } from '@/features/clients/live';
import { subscribeConnection } from '@/features/connection/live';
import { subscribeInformation } from '@/features/information/live';
import { pollMaintenance, subscribeMaintenance } from '@/features/maintenance/live';
import { subscribeMedia } from '@/features/media/live';
import { useMaintenance } from '@/features/maintenance/store';
import { subscribeMediaTeams } from '@/features/media-teams/live';
import { subscribeNotices } from '@/features/notices/live';
import { subscribeRewardConfirmations } from '@/features/reward-confirmations/live';
import { subscribeRewards } from '@/features/rewards/live';
import { useNotices } from '@/features/notices/store';
import { subscribeVersion } from '@/features/version/live';
import { setFailureListener } from '@/lib/api-client';
import { MaintenanceError, ValidationError } from '@/lib/errors';
import { isCreator } from '@/lib/roles';
import { connectSocket, disconnectSocket } from '@/lib/socket';
import { noteNews } from './information-dialog';

setFailureListener((error) => {
  if (error instanceof MaintenanceError) {
    useMaintenance.getState().applyError(error);
    return;
  }
  // Form errors are shown next to their fields; the banner is for everything else.
  if (error.showInBanner && !(error instanceof ValidationError)) useBanners.getState().error(error.message);
});

/** Each feature's `live.ts` subscribes its own store; the app only hands them the session they need. */
function subscribeStores(): () => void {
  const user = () => useAuth.getState().user.data;
  const offs = [
    subscribeMaintenance(),
    subscribeVersion(),
    subscribeUser(),
    subscribeSessionEnd(),
    subscribeNotices(),
    subscribeChat(() => user()?.id),
    subscribeClientCounts(() => user()?.client?.id),
    subscribeMedia(),
    subscribeClientPayments(),
    subscribeAssessments(),
    subscribeRewards(),
    subscribeRewardConfirmations(),
    subscribeInformation(noteNews),
    subscribeMediaTeams(() => isCreator(user()?.roleType)),
    // Back after a lost connection: what the header shows comes again (chat catches up itself).
    subscribeConnection(() => {
      if (!useAuth.getState().token) return;
      void useAuth.getState().whoami();
      void useNotices.getState().fetchPage('task', 1);
      void useNotices.getState().fetchPage('message', 1);
    }),
  ];
  return () => offs.forEach((off) => off());
}

export function useLiveSession(): void {
  const token = useAuth((s) => s.token);
  const whoami = useAuth((s) => s.whoami);

  useEffect(() => {
    void useMaintenance.getState().refresh();
    return subscribeStores();
  }, []);

  useEffect(() => {
    if (!token) {
      disconnectSocket();
      return pollMaintenance();
    }
    if (!useAuth.getState().user.data) void whoami();
    connectSocket(token);
    void useNotices.getState().fetchPage('task', 1);
    void useNotices.getState().fetchPage('message', 1);
    return () => disconnectSocket();
  }, [token, whoami]);
}
