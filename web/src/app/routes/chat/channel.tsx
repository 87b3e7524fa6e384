import { ChannelPage } from '@/features/chat/components/channel-page';
import { useChatSession } from '../access';

export default function ChannelRoute() {
  return <ChannelPage {...useChatSession()} leader={false} />;
}
