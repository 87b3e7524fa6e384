/** /clients/media/{mediaId}/members: the creators in the medium's teams, page by page. */
import { useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { useCatchUp } from '@/lib/socket';
import { useMedia } from '../store';
import { MemberTable } from './member-table';

export function MediaMembersPanel({ mediaId }: { mediaId: number }) {
  const { members, fetchMembers } = useMedia();
  const [page, setPage] = useState(1);
  useEffect(() => {
    void fetchMembers(mediaId, page);
  }, [fetchMembers, mediaId, page]);
  useCatchUp(() => void fetchMembers(mediaId, page));
  const data = members.data?.baseUrl === `/clients/media/${mediaId}/members` ? members.data : null;
  return (
    <Panel title="メンバー" testId="media-members">
      <ErrorAlert error={members.error} />
      {!data && members.loading && <Muted>読み込み中…</Muted>}
      {data && data.members.length === 0 && <Muted>この媒体のチームにはまだメンバーがいません。「チーム」タブからチームを作り、クリエイターを追加してください。</Muted>}
      {data && data.members.length > 0 && (
        <>
          <MemberTable members={data.members} />
          <Pager paging={data} onPage={setPage} disabled={members.loading} />
        </>
      )}
    </Panel>
  );
}
