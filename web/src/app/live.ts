/** Binds the live socket and API failures to the stores for the logged-in session. */
import { useEffect } from 'react';
import { useAuth } from '@/features/auth/store';
import { useBanners } from '@/features/banners/store';
import { subscribeChat } from '@/features/chat/live';
import { useClient } from '@/features/clients/store';
import { type Maintenance, useMaintenance } from '@/features/maintenance/store';
import { useNotices } from '@/features/notices/store';
import { useVersion } from '@/features/version/store';
import { setFailureListener } from '@/lib/api-client';
import { MaintenanceError, ValidationError } from '@/lib/errors';
import { connectSocket, disconnectSocket, onEvent } from '@/lib/socket';

setFailureListener((error) => {
  if (error instanceof MaintenanceError) {
    useMaintenance.getState().applyError(error);
    return;
  }
  // Form errors are shown next to their fields; the banner is for everything else.
  if (error.showInBanner && !(error instanceof ValidationError)) useBanners.getState().error(error.message);
});

/** Store updates for pushed events; extra subscriptions (chat) register through `onEvent` too. */
function subscribeStores(): () => void {
  const offs = [
    onEvent('maintenance.changed', (p) => useMaintenance.getState().apply((p as { maintenance: Maintenance | null }).maintenance)),
    onEvent('version.bumped', (p) => useVersion.getState().compare((p as { revisionNo?: string }).revisionNo)),
    onEvent('notice.created', (p) => useNotices.getState().applyCreated(p as Parameters<ReturnType<typeof useNotices.getState>['applyCreated']>[0])),
    onEvent('notice.read', (p) => useNotices.getState().applyRead(p as Parameters<ReturnType<typeof useNotices.getState>['applyRead']>[0])),
    subscribeChat(() => useAuth.getState().user.data?.id),
    // A task moved (ordered, delivered, inspected): the client's header counts follow.
    onEvent('task.updated', () => {
      const client = useAuth.getState().user.data?.client;
      if (client) void useClient.getState().fetchCounts(client.id);
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
      return;
    }
    if (!useAuth.getState().user.data) void whoami();
    connectSocket(token);
    void useNotices.getState().fetchPage('task', 1);
    void useNotices.getState().fetchPage('message', 1);
    return () => disconnectSocket();
  }, [token, whoami]);
}
