/** /clients/media/{mediaId}/infomation: the genre group and genres, search tags, managers and the team members (with a toggle for those who left). */
import { useEffect, useState } from 'react';
import { Badge } from '@/components/badge';
import { Checkbox } from '@/components/checkbox';
import { DescriptionList } from '@/components/description-list';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { useCatchUp } from '@/lib/socket';
import { managerRoleLabel } from '../schema';
import { useMedia } from '../store';
import { MemberTable } from './member-table';

export function MediaInformationPanel({ mediaId }: { mediaId: number }) {
  const { information, fetchInformation } = useMedia();
  const [withLeft, setWithLeft] = useState(false);
  useEffect(() => {
    void fetchInformation(mediaId, withLeft);
  }, [fetchInformation, mediaId, withLeft]);
  useCatchUp(() => void fetchInformation(mediaId, withLeft));
  const data = information.data?.media.id === mediaId ? information.data : null;
  if (!data) return information.loading || !information.error ? <Muted>読み込み中…</Muted> : <ErrorAlert error={information.error} />;
  return (
    <>
      <ErrorAlert error={information.error} />
      <Panel title="インフォメーション" testId="media-information">
        <DescriptionList
          items={[
            { term: 'ジャンルグループ', detail: data.genreGroup?.name ?? '未設定' },
            {
              term: 'ジャンル',
              detail: data.genreGroup?.genres.length ? data.genreGroup.genres.map((g) => <Badge key={g.id}>{g.name}</Badge>) : '未設定',
            },
            { term: '検索タグ', detail: data.searchTags.length ? data.searchTags.map((t) => <Badge key={t.id}>{t.name}</Badge>) : 'なし' },
            {
              term: '担当者',
              detail: data.managers.length ? (
                <span data-testid="media-managers">{data.managers.map((m) => `${m.userName}（${managerRoleLabel(m.role)}）`).join('、')}</span>
              ) : (
                '未設定'
              ),
            },
          ]}
        />
      </Panel>
      <Panel title="チームメンバー" testId="information-members">
        <Checkbox label="退会者を含む" checked={withLeft} onChange={(e) => setWithLeft(e.target.checked)} />
        {data.teamMembers.length === 0 ? (
          <Muted>{withLeft ? 'この媒体のチームにはまだメンバーがいません。' : '在籍中のメンバーはいません。チームにクリエイターを追加してください。'}</Muted>
        ) : (
          <MemberTable members={data.teamMembers} />
        )}
      </Panel>
    </>
  );
}
