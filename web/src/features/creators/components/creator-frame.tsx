import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle, RecordHeader } from '@/components/page';
import { deniedPage } from '@/components/status-page';
import { TabNav } from '@/components/tab-nav';
import { href } from '@/config/paths';
import { AGE_BAND_LABEL } from '../labels';
import { useCreators } from '../store';
import type { CreatorDetail } from '../types';
import { PersonAvatar } from '@/components/person-avatar';
import { WorkStatusBadge } from './creator-card';

/** The creator's face beside the record header's text. */
const Header = styled(RecordHeader)`
  display: flex;
  gap: 16px;
  align-items: center;
`;
function CreatorHeader({ creator }: { creator: CreatorDetail }) {
  const facts = [creator.prefecture?.name, creator.ageBand && AGE_BAND_LABEL[creator.ageBand]].filter(Boolean).join('・');
  return (
    <Header data-testid="creator-header">
      <PersonAvatar name={creator.userName} image={creator.imageFile} size={72} />
      <div>
        <h1>{creator.userName}</h1>
        <WorkStatusBadge status={creator.workStatus} />
        <p>
          ID: {creator.id}
          {facts && `・${facts}`}
        </p>
      </div>
    </Header>
  );
}

/** The creator's header and the tabs of their pages; `children` gets the loaded creator. */
export function CreatorFrame({ creatorId, children }: { creatorId: number; children: (creator: CreatorDetail) => ReactNode }) {
  const { detail, fetchDetail } = useCreators();
  useEffect(() => {
    void fetchDetail(creatorId);
  }, [fetchDetail, creatorId]);
  const creator = detail.data?.id === creatorId ? detail.data : null;
  if (!creator) {
    const denied = !detail.loading && deniedPage(detail.error);
    if (denied) return denied;
    return (
      <>
        <PageTitle>クリエイター詳細</PageTitle>
        {detail.loading ? <Muted>読み込み中…</Muted> : <ErrorAlert error={detail.error} />}
      </>
    );
  }
  return (
    <>
      <CreatorHeader creator={creator} />
      <TabNav aria-label="クリエイターのページ">
        <NavLink end to={href('creator', { userId: creatorId })}>
          プロフィール
        </NavLink>
        <NavLink to={href('creatorAttributes', { userId: creatorId })}>属性</NavLink>
        {creator.canReadTasks && <NavLink to={href('creatorTasks', { userId: creatorId })}>タスク</NavLink>}
      </TabNav>
      {children(creator)}
    </>
  );
}
