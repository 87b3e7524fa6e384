import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { FavoriteStar } from '@/components/favorite-star';
import { href } from '@/config/paths';
import { theme } from '@/theme/theme';
import { STATUS_LABEL, STATUS_ORDER } from '../labels';
import { useMediaTeams } from '../store';
import type { Team } from '../types';
import { mediaTeamsApi } from '../api';

const Counts = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px 10px;
  font-size: ${theme.font.sm};
  color: ${theme.color.subText};
`;

/** The star that favours a team for the caller. */
export function TeamStar({ team }: { team: Team }) {
  const { run, replaceTeam } = useMediaTeams();
  const toggle = async () => {
    const updated = await run(() => mediaTeamsApi.favorite(team.mediaId, team.id, !team.isFavorite), 'お気に入りの更新に失敗しました');
    if (updated) replaceTeam(updated);
  };
  return <FavoriteStar name={team.name} on={team.isFavorite} onToggle={() => void toggle()} />;
}

/** A medium's teams: favourites first, each with its members by status. */
export function MediaTeamsPage({ mediaId }: { mediaId: number }) {
  const { teams, write, fetchTeams } = useMediaTeams();
  const [page, setPage] = useState(1);
  useEffect(() => {
    void fetchTeams(mediaId, page);
  }, [fetchTeams, mediaId, page]);
  const list = teams.data.teams;
  return (
    <>
      <PageTitle>チーム</PageTitle>
      <ErrorAlert error={teams.error ?? write.error} />
      <Panel title="チーム一覧" actions={<Link to={href('mediaTeamAdd', { mediaId })}>チームを追加</Link>}>
        {!teams.loading && list.length === 0 && <Muted>チームはまだありません。</Muted>}
        {list.length > 0 && (
          <DataTable aria-label="チーム一覧">
            <thead>
              <tr>
                <th aria-label="お気に入り" />
                <th>チーム名</th>
                <th className="number">メンバー</th>
                <th>ステータス別</th>
              </tr>
            </thead>
            <tbody>
              {list.map((team) => (
                <tr key={team.id} data-testid="media-team-row">
                  <td>
                    <TeamStar team={team} />
                  </td>
                  <td>
                    <Link to={href('mediaTeam', { mediaId, teamId: team.id })}>{team.name}</Link>
                  </td>
                  <td className="number">{team.memberCount}人</td>
                  <td>
                    <Counts>
                      {STATUS_ORDER.filter((s) => team.statusCounts[s] > 0).map((s) => (
                        <span key={s}>
                          {STATUS_LABEL[s]} {team.statusCounts[s]}
                        </span>
                      ))}
                    </Counts>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        {teams.data.lastPage > 1 && <Pager paging={teams.data} onPage={setPage} disabled={teams.loading} />}
      </Panel>
    </>
  );
}
