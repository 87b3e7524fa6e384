import { initialAsync } from '@/lib/async-state';
import { useMediaTeams } from './store';
import type { Member, ReceivedOffer, Team } from './types';

const member = (id: number, status: Member['status'], teamId = 5): Member => ({
  id,
  teamId,
  mediaId: 1,
  userName: `u${id}`,
  imageFile: null,
  workStatus: 'accepting',
  status,
  isLeader: false,
  privateMemo: '',
  publicMemo: '',
  editorMemo: null,
  statusChangedAt: '2026-11-25T00:00:00Z',
  allowedTransitions: [],
  canRemove: false,
});

const team = { id: 5, name: '特集班' } as Team;
const offer = (teamId: number): ReceivedOffer => ({
  id: teamId * 10,
  teamId,
  teamName: `t${teamId}`,
  mediaId: 1,
  mediaName: 'm',
  clientId: 1,
  clientName: 'c',
  templateName: 'x',
  templateBody: 'y',
  message: '',
  status: 'offered',
  publicMemo: '',
  offeredAt: '2026-11-25T00:00:00Z',
  allowedTransitions: ['negotiating', 'assignable', 'declined'],
});

const paging = { currentPage: 1, lastPage: 1, perPage: 50, total: 1 };

beforeEach(() => {
  useMediaTeams.setState({
    team: initialAsync<Team | null>(team),
    members: initialAsync({ members: [member(1, 'offered')], ...paging }),
    received: initialAsync([offer(5), offer(6)]),
  });
});

describe('media teams store', () => {
  it('replaces the shown member with the pushed row and appends new members of the shown team only', () => {
    const { applyMember } = useMediaTeams.getState();
    applyMember({ ...member(1, 'assignable'), allowedTransitions: ['left'] });
    applyMember(member(2, 'temporary'));
    applyMember(member(3, 'temporary', 99));
    const { members } = useMediaTeams.getState();
    expect(members.data.members.map((m) => [m.id, m.status])).toEqual([
      [1, 'assignable'],
      [2, 'temporary'],
    ]);
    expect(members.data.members[0].allowedTransitions).toEqual(['left']);
    expect(members.data.total).toBe(2);
  });

  it('drops an offer from the creator list once it no longer waits, and follows a negotiation', () => {
    const { applyMember } = useMediaTeams.getState();
    applyMember({ ...member(1, 'negotiating', 6), allowedTransitions: ['assignable', 'declined'] });
    expect(useMediaTeams.getState().received.data.find((o) => o.teamId === 6)?.status).toBe('negotiating');
    applyMember(member(1, 'assignable', 5));
    expect(useMediaTeams.getState().received.data.map((o) => o.teamId)).toEqual([6]);
    applyMember(member(1, 'declined', 6));
    expect(useMediaTeams.getState().received.data).toEqual([]);
  });
});
