import { ChannelDetailPage } from '@/features/chat/components/channel-detail-page';
import { useChatSession } from '../access';

export default function ChannelDetailRoute() {
  return <ChannelDetailPage leader={false} token={useChatSession().token} />;
}
