import { ChannelDetailPage } from '@/features/chat/components/channel-detail-page';
import { useChatSession } from '../access';

export default function LeaderChannelDetailRoute() {
  return <ChannelDetailPage leader token={useChatSession().token} />;
}
