import { TeamsPage } from '@/features/chat/components/teams-page';
import { useChat } from '@/features/chat/store';
import { ReceivedOffersPanel } from '@/features/media-teams/components/received-offers-panel';
import { isCreator } from '@/lib/roles';
import { useViewer } from '../access';

export default function TeamsRoute() {
  const viewer = useViewer();
  const fetchTeams = useChat((s) => s.fetchTeams);
  return (
    <>
      {/* An accepted offer makes the creator a member: the team list below gains the team. */}
      {isCreator(viewer.role) && <ReceivedOffersPanel onAccepted={() => void fetchTeams()} />}
      <TeamsPage leader={false} />
    </>
  );
}
