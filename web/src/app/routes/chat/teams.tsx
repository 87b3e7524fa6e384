import { TeamsPage } from '@/features/chat/components/teams-page';

export default function TeamsRoute() {
  return <TeamsPage leader={false} />;
}
