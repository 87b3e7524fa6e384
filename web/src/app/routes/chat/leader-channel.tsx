import { ChannelPage } from '@/features/chat/components/channel-page';
import { useChatSession } from '../access';

export default function LeaderChannelRoute() {
  return <ChannelPage {...useChatSession()} leader />;
}
