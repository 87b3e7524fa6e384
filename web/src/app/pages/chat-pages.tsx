/** Chat pages wired to the session (the chat feature itself does not read the auth store). */
import { useAuth } from '@/features/auth/store';
import { ChannelDetailPage } from '@/features/chat/components/channel-detail-page';
import { ChannelPage } from '@/features/chat/components/channel-page';
import { ChannelsPage } from '@/features/chat/components/channels-page';
import { TeamsPage } from '@/features/chat/components/teams-page';
import { isStaff } from '@/lib/roles';

function useSession() {
  const user = useAuth((s) => s.user.data);
  const token = useAuth((s) => s.token);
  return { ownUserId: user?.id ?? 0, canModerate: isStaff(user?.roleType), token };
}

export const TeamsRoute = () => <TeamsPage leader={false} />;
export const LeaderTeamsRoute = () => <TeamsPage leader />;
export const ChannelsRoute = () => <ChannelsPage base="/teams" />;
export const LeaderChannelsRoute = () => <ChannelsPage base="/leader_teams" />;
export function ChannelRoute() {
  return <ChannelPage {...useSession()} base="/teams" />;
}
export function LeaderChannelRoute() {
  return <ChannelPage {...useSession()} base="/leader_teams" />;
}
export function ChannelDetailRoute() {
  return <ChannelDetailPage base="/teams" token={useSession().token} />;
}
export function LeaderChannelDetailRoute() {
  return <ChannelDetailPage base="/leader_teams" token={useSession().token} />;
}
