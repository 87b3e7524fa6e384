import { ChannelsPage } from '@/features/chat/components/channels-page';

export default function LeaderChannelsRoute() {
  return <ChannelsPage leader />;
}
