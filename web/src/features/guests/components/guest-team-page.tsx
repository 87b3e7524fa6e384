/** The shared team for a guest: its name and medium, and its members appended page by page. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { PersonAvatar } from '@/components/person-avatar';
import { href } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { theme } from '@/theme/theme';
import { useGuests } from '../store';
import { GuestFrame, GuestRefusal, Lead, WORK_STATUS_TEXT } from './guest-parts';

const Members = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: flex; gap: 12px; align-items: flex-start; padding: 12px 0; border-bottom: 1px solid ${theme.color.border}; }
  li:last-child { border-bottom: none; }
  a { font-weight: ${theme.font.bold}; color: ${theme.color.text}; }
  small { display: block; color: ${theme.color.subText}; }
  p { margin: 4px 0 0; white-space: pre-wrap; }
`;
const More = styled.div`
  display: flex;
  justify-content: center;
  gap: 12px;
  margin-top: 12px;
`;

export function GuestTeamPage({ mediaId, teamId }: { mediaId: number; teamId: number }) {
  const { guest, team, members, paging, fetchTeam, fetchMembers, clearMembers } = useGuests();
  const hasGuest = guest !== null;

  useEffect(() => {
    if (!hasGuest) return;
    clearMembers();
    void fetchTeam(mediaId, teamId);
    void fetchMembers(mediaId, teamId, 1);
  }, [hasGuest, mediaId, teamId, fetchTeam, fetchMembers, clearMembers]);

  const refusal = team.error ?? members.error;
  if (!hasGuest && !refusal) {
    return (
      <GuestFrame>
        <PageTitle>共有チーム</PageTitle>
        <div role="alert" data-testid="guest-refusal">
          <p>無効なURLです。共有されたURLから開き直してください。</p>
        </div>
      </GuestFrame>
    );
  }
  const more = paging !== null && paging.currentPage < paging.lastPage;
  return (
    <GuestFrame>
      <PageTitle>{team.data?.name ?? '共有チーム'}</PageTitle>
      {team.data && <Lead>{team.data.mediaName} のチームです（閲覧のみ・有効期限 2 時間）</Lead>}
      {refusal ? (
        <GuestRefusal error={refusal} />
      ) : (
        <Panel title={`メンバー${paging ? `（${formatNumber(paging.total)}名）` : ''}`} testId="guest-members">
          {members.data.length === 0 && !members.loading && <Muted>表示できるメンバーはいません。</Muted>}
          <Members>
            {members.data.map((member) => (
              <li key={member.id} data-testid="guest-member">
                <PersonAvatar name={member.userName} image={member.imageFile} size={48} />
                <div>
                  <Link to={href('guestCreator', { mediaId, teamId, userId: member.id })}>{member.userName}</Link>
                  <small>{WORK_STATUS_TEXT[member.workStatus] ?? member.workStatus}</small>
                  {member.genres.length > 0 && <small>{member.genres.join('・')}</small>}
                  {member.publicMemo && <p>{member.publicMemo}</p>}
                </div>
              </li>
            ))}
          </Members>
          <More>
            {more && (
              <Button type="button" $variant="primary" $outlined disabled={members.loading} onClick={() => void fetchMembers(mediaId, teamId, paging.currentPage + 1)}>
                もっと見る
              </Button>
            )}
            {paging && paging.currentPage > 1 && (
              <Button
                type="button"
                disabled={members.loading}
                onClick={() => {
                  clearMembers();
                  void fetchMembers(mediaId, teamId, 1);
                }}
              >
                先頭に戻る
              </Button>
            )}
          </More>
        </Panel>
      )}
    </GuestFrame>
  );
}
