/** A medium's header (name, client) and the tabs of its pages; every media page (details, teams, information, members) sits inside it. */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle, RecordHeader } from '@/components/page';
import { deniedPage } from '@/components/status-page';
import { TabNav } from '@/components/tab-nav';
import { href } from '@/config/paths';
import { useCatchUp } from '@/lib/socket';
import { PAYMENT_SCHEDULE_LABEL } from '../schema';
import { useMedia } from '../store';

export type MediaTab = 'details' | 'teams' | 'infomation' | 'members';


const TABS: { tab: MediaTab; label: string; route: 'mediaDetails' | 'mediaTeams' | 'mediaInformation' | 'mediaMembers' }[] = [
  { tab: 'details', label: '詳細', route: 'mediaDetails' },
  { tab: 'teams', label: 'チーム', route: 'mediaTeams' },
  { tab: 'infomation', label: 'インフォメーション', route: 'mediaInformation' },
  { tab: 'members', label: 'メンバー', route: 'mediaMembers' },
];

/** The medium's header and tabs around `children`; a medium the viewer may not see shows the 404 (or 403) page instead. */
export function MediaFrame({ mediaId, active, children }: { mediaId: number; active: MediaTab; children: ReactNode }) {
  const { detail, fetchDetail } = useMedia();
  useEffect(() => {
    void fetchDetail(mediaId);
  }, [fetchDetail, mediaId]);
  useCatchUp(() => void fetchDetail(mediaId));
  const media = detail.data?.id === mediaId ? detail.data : null;
  if (!media) {
    const denied = !detail.loading && deniedPage(detail.error);
    if (denied) return denied;
    return (
      <>
        <PageTitle>媒体</PageTitle>
        {detail.loading || !detail.error ? <Muted>読み込み中…</Muted> : <ErrorAlert error={detail.error} />}
      </>
    );
  }
  return (
    <>
      <RecordHeader data-testid="media-header">
        <h1>{media.name}</h1>
        <Badge $tone="muted">{PAYMENT_SCHEDULE_LABEL[media.paymentSchedule]}</Badge>
        <p>
          {media.canEdit ? <Link to={href('clientMediaList', { clientId: media.client.id })}>{media.client.name}</Link> : media.client.name}
          ・チーム {media.teamCount}・メンバー {media.memberCount}
        </p>
      </RecordHeader>
      <TabNav aria-label="媒体のページ">
        {TABS.map(({ tab, label, route }) => (
          <Link key={tab} to={href(route, { mediaId })} className={tab === active ? 'active' : undefined} aria-current={tab === active ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </TabNav>
      {children}
    </>
  );
}
