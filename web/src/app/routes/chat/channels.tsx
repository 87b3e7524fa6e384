import { ChannelsPage } from '@/features/chat/components/channels-page';

export default function ChannelsRoute() {
  return <ChannelsPage leader={false} />;
}
