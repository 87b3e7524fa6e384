import { ChannelDetailPage } from '@/features/chat/components/channel-detail-page';
import { useChatSession } from '../access';

export default function ChannelDetailRoute() {
  return <ChannelDetailPage base="/teams" token={useChatSession().token} />;
}
