import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { PageTitle, Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { theme } from '@/theme/theme';
import { useChat } from '../store';
import type { Team } from '../types';

export const Badge = styled.span`
  display: inline-block;
  min-width: 20px;
  padding: 0 6px;
  border-radius: 10px;
  background: ${theme.color.alert};
  color: ${theme.color.white};
  font-size: ${theme.font.xs};
  line-height: 20px;
  text-align: center;
  margin-left: 8px;
`;
const Item = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 8px 0;
  border-bottom: 1px solid ${theme.color.border};
  button { border: none; background: none; cursor: pointer; font-size: ${theme.font.lg}; }
`;

const GROUPS: { key: 'favorite' | 'assigned' | 'other'; title: string }[] = [
  { key: 'favorite', title: 'お気に入り' },
  { key: 'assigned', title: 'アサイン中のチーム' },
  { key: 'other', title: 'その他のチーム' },
];

/** Teams grouped favourite / assigned / other (leader teams have the same shape). */
export function TeamsPage({ leader }: { leader: boolean }) {
  const state = useChat((s) => (leader ? s.leaderTeams : s.teams));
  const { fetchTeams, fetchLeaderTeams, toggleFavorite } = useChat();
  const base = leader ? '/leader_teams' : '/teams';
  useEffect(() => {
    void (leader ? fetchLeaderTeams() : fetchTeams());
  }, [leader, fetchTeams, fetchLeaderTeams]);

  const empty = GROUPS.every((g) => state.data[g.key].length === 0);
  return (
    <>
      <PageTitle>{leader ? 'チームリーダーチャット' : 'チャット'}</PageTitle>
      {state.error && <p role="alert">{state.error.message}</p>}
      {empty && !state.loading && <Muted>参加しているチームはありません。</Muted>}
      {GROUPS.filter((g) => state.data[g.key].length > 0).map((group) => (
        <Panel key={group.key} title={group.title}>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {state.data[group.key].map((team: Team) => (
              <Item key={team.id}>
                <Link to={`${base}/${team.id}/channels`}>
                  {team.name}
                  {team.unreadCount > 0 && <Badge>{team.unreadCount}</Badge>}
                </Link>
                {!leader && (
                  <button type="button" aria-label={team.isFavorite ? 'お気に入りから外す' : 'お気に入りに追加'} onClick={() => toggleFavorite(team.id, !team.isFavorite)}>
                    {team.isFavorite ? '★' : '☆'}
                  </button>
                )}
              </Item>
            ))}
          </ul>
        </Panel>
      ))}
    </>
  );
}
