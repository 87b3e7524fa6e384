/**
 * What only a logged-in member needs, in a chunk of its own that loads once there is a session
 * (the login page never downloads it): the live socket, each feature's live updates, and the
 * dialogs the shell asks over any page (work status, latest notices, assessment reminder).
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAccounts } from '@/features/accounts/store';
import { subscribeAssessments } from '@/features/assessments/live';
import { subscribeSessionEnd, subscribeUser } from '@/features/auth/live';
import { useAuth } from '@/features/auth/store';
import { subscribeChat } from '@/features/chat/live';
import { messagePreview } from '@/features/chat/preview';
import { totalUnread, useChat } from '@/features/chat/store';
import { subscribeClientPayments } from '@/features/client-payments/live';
import { subscribeClientCounts } from '@/features/clients/live';
import { subscribeConnection } from '@/features/connection/live';
import { subscribeInformation } from '@/features/information/live';
import { subscribeMaintenance } from '@/features/maintenance/live';
import { subscribeMedia } from '@/features/media/live';
import { subscribeMediaTeams } from '@/features/media-teams/live';
import { subscribeNotices } from '@/features/notices/live';
import { useNotices } from '@/features/notices/store';
import { subscribeRewardConfirmations } from '@/features/reward-confirmations/live';
import { subscribeRewards } from '@/features/rewards/live';
import { subscribeVersion } from '@/features/version/live';
import { isCreator } from '@/lib/roles';
import { connectSocket, disconnectSocket } from '@/lib/socket';
import { setUnreadCount } from '@/lib/tab-badge';
import { AssessmentRemindGate } from './assessment-remind';
import { InformationGate, noteNews } from './information-dialog';
import { WorkStatusGate } from './work-status';

/** Each feature's `live.ts` subscribes its own store; the app only hands them the session they need. */
function subscribeStores(open: (path: string) => void): () => void {
  const user = () => useAuth.getState().user.data;
  const offs = [
    subscribeMaintenance(),
    subscribeVersion(),
    subscribeUser(),
    subscribeSessionEnd(),
    subscribeNotices({
      enabled: () => useAccounts.getState().browserNotificationsOn(),
      preview: async ({ reference: { channelId, messageId } }) => (channelId && messageId ? messagePreview(channelId, messageId) : ''),
      open,
    }),
    subscribeChat(() => user()?.id),
    // The tab's title and icon count the unread messages.
    useChat.subscribe((chat) => setUnreadCount(totalUnread(chat))),
    () => setUnreadCount(0),
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

/** Mounted by the shell while there is a token; `dialogs` is off during maintenance. */
export default function MemberSession({ dialogs }: { dialogs: boolean }) {
  const token = useAuth((s) => s.token);
  const navigate = useNavigate();
  const open = useRef(navigate);
  useEffect(() => {
    open.current = navigate;
  }, [navigate]);
  // Subscribed before the socket connects, so no event of the first moments is missed.
  useEffect(() => subscribeStores((path) => void open.current(path)), []);
  useEffect(() => {
    if (!token) return;
    connectSocket(token);
    void useNotices.getState().fetchPage('task', 1);
    void useNotices.getState().fetchPage('message', 1);
    return () => disconnectSocket();
  }, [token]);
  if (!dialogs) return null;
  return (
    <>
      <WorkStatusGate />
      <AssessmentRemindGate />
      <InformationGate />
    </>
  );
}
