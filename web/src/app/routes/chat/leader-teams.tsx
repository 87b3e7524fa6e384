import { TeamsPage } from '@/features/chat/components/teams-page';

export default function LeaderTeamsRoute() {
  return <TeamsPage leader />;
}
