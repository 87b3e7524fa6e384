/** The media teams' live event: the only place this feature subscribes to the socket. */
import { onEvent } from '@/lib/socket';
import { useMediaTeams } from './store';

/**
 * `team_member.updated` reaches the creator (their own row) and the client's users: the team
 * page shows the new row; a creator's offers list loses an answered offer and gains a new one
 * (fetched whole, since the push carries the member, not the offer's wording).
 */
export const subscribeMediaTeams = (isCreator: () => boolean): (() => void) =>
  onEvent('team_member.updated', (member) => {
    const store = useMediaTeams.getState();
    store.applyMember(member);
    const waiting = store.received.data.some((o) => o.teamId === member.teamId);
    if (isCreator() && member.status === 'offered' && !waiting) void store.fetchReceived();
  });
