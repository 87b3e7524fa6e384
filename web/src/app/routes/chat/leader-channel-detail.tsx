import { ChannelDetailPage } from '@/features/chat/components/channel-detail-page';
import { useChatSession } from '../access';

export default function LeaderChannelDetailRoute() {
  return <ChannelDetailPage base="/leader_teams" token={useChatSession().token} />;
}
