import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { CountBadge } from '@/components/badge';
import { ErrorAlert } from '@/components/error-alert';
import { List, ListRow } from '@/components/list';
import { PageTitle, Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { FavoriteStar } from '@/components/favorite-star';
import { href } from '@/config/paths';
import { chatRoutes } from '../routes';
import { teamUnread, useChat } from '../store';
import type { Team } from '../types';

/** The red unread count beside a team or channel. */
export const UnreadBadge = styled(CountBadge)`
  margin-left: 8px;
`;

const GROUPS: { key: 'favorite' | 'assigned' | 'other'; title: string }[] = [
  { key: 'favorite', title: 'お気に入り' },
  { key: 'assigned', title: 'アサイン中のチーム' },
  { key: 'other', title: 'その他のチーム' },
];

/** Teams grouped favourite / assigned / other (leader teams have the same shape); unread badges follow pushes and reads. */
export function TeamsPage({ leader }: { leader: boolean }) {
  const state = useChat((s) => (leader ? s.leaderTeams : s.teams));
  const unread = useChat((s) => s.unread);
  const channelTeams = useChat((s) => s.channelTeams);
  const { fetchTeams, fetchLeaderTeams, fetchUnread, toggleFavorite } = useChat();
  useEffect(() => {
    void (leader ? fetchLeaderTeams() : fetchTeams());
    // Per-channel counts, which pushes and reads then move.
    void fetchUnread();
  }, [leader, fetchTeams, fetchLeaderTeams, fetchUnread]);

  const empty = GROUPS.every((g) => state.data[g.key].length === 0);
  return (
    <>
      <PageTitle>{leader ? 'チームリーダーチャット' : 'チャット'}</PageTitle>
      <ErrorAlert error={state.error} />
      {empty && !state.loading && <Muted>参加しているチームはありません。</Muted>}
      {GROUPS.filter((g) => state.data[g.key].length > 0).map((group) => (
        <Panel key={group.key} title={group.title}>
          <List>
            {state.data[group.key].map((team: Team) => {
              const count = teamUnread({ unread, channelTeams }, team);
              return (
                <ListRow key={team.id}>
                  <Link to={href(chatRoutes(leader).channels, { teamId: team.id })}>
                    {team.name}
                    {count > 0 && <UnreadBadge data-testid={`team-unread-${team.id}`}>{count}</UnreadBadge>}
                  </Link>
                  {!leader && (
                    <FavoriteStar name={team.name} on={team.isFavorite} onToggle={() => toggleFavorite(team.id, !team.isFavorite)} />
                  )}
                </ListRow>
              );
            })}
          </List>
        </Panel>
      ))}
    </>
  );
}
