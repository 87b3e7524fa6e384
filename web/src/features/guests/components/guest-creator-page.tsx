/** A member's public page for a guest: profile, skills, publishable portfolio and its files. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { DescriptionList } from '@/components/description-list';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { PersonAvatar } from '@/components/person-avatar';
import { href } from '@/config/paths';
import { saveBlob } from '@/lib/download';
import { AppError } from '@/lib/errors';
import { theme } from '@/theme/theme';
import { guestsApi } from '../api';
import { useGuests } from '../store';
import { GuestFrame, GuestRefusal, WORK_STATUS_TEXT } from './guest-parts';

const Head = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
  margin-bottom: 20px;
  h1 { margin: 0; }
`;
const Files = styled.ul`
  list-style: none;
  padding: 0;
  margin: 8px 0 0;
  li { display: flex; gap: 8px; align-items: center; margin-bottom: 6px; }
`;
const Text = styled.p`
  white-space: pre-wrap;
  margin: 0;
  color: ${theme.color.text};
`;

export const DOWNLOAD_FAILED = 'ファイルのダウンロードに失敗しました';

export function GuestCreatorPage({ mediaId, teamId, userId }: { mediaId: number; teamId: number; userId: number }) {
  const { guest, creator, creatorLoaded, fetchCreator } = useGuests();
  const hasGuest = guest !== null;
  useEffect(() => {
    if (hasGuest) void fetchCreator(mediaId, teamId, userId);
  }, [hasGuest, mediaId, teamId, userId, fetchCreator]);

  const back = <Link to={href('guestTeam', { mediaId, teamId })}>メンバー一覧に戻る</Link>;
  if (!hasGuest && !creator.error) {
    return (
      <GuestFrame>
        <div role="alert" data-testid="guest-refusal">
          <p>無効なURLです。共有されたURLから開き直してください。</p>
        </div>
      </GuestFrame>
    );
  }
  if (!creatorLoaded) return <GuestFrame aria-busy="true" />;
  const detail = creator.data;
  if (creator.error || !detail) {
    return (
      <GuestFrame>
        <GuestRefusal error={creator.error ?? new AppError('クリエイター情報の取得に失敗しました')}>{back}</GuestRefusal>
      </GuestFrame>
    );
  }
  const user = detail.user;
  const download = async (fileId: number, name: string) => {
    try {
      const file = await guestsApi.portfolioFile(guest?.token ?? '', mediaId, teamId, userId, fileId);
      saveBlob(file.blob, file.fileName ?? name);
    } catch {
      // The api client has reported it; the banner shows it.
    }
  };
  return (
    <GuestFrame data-testid="guest-creator">
      {back}
      <Head>
        <PersonAvatar name={user.userName} image={user.imageFile} size={72} />
        <div>
          <PageTitle>{user.userName}</PageTitle>
          <Muted>{WORK_STATUS_TEXT[user.workStatus] ?? user.workStatus}</Muted>
        </div>
      </Head>
      <Panel title="プロフィール">
        <DescriptionList
          items={[
            { term: '居住地', detail: user.prefecture?.name ?? '未登録' },
            detail.publicMemo ? { term: 'チームからのメモ', detail: detail.publicMemo } : null,
            { term: '自己紹介', detail: user.profileText ? <Text>{user.profileText}</Text> : '未登録' },
          ]}
        />
      </Panel>
      <Panel title="スキル">
        {user.skills.length === 0 ? (
          <Muted>登録されていません。</Muted>
        ) : (
          <DescriptionList items={user.skills.map((s) => ({ term: s.genreGroup.name, detail: [s.genres.map((g) => g.name).join('・'), s.detail].filter(Boolean).join(' / ') }))} />
        )}
      </Panel>
      <Panel title="ポートフォリオ">
        {user.portfolio ? <Text>{user.portfolio.portfolio}</Text> : <Muted>公開されていません。</Muted>}
        {detail.portfolioFiles.length > 0 && (
          <Files>
            {detail.portfolioFiles.map((f) => (
              <li key={f.id}>
                <span>{f.name}</span>
                <Button type="button" $size="xsm" $minWidth={90} onClick={() => void download(f.id, f.name)}>
                  ダウンロード
                </Button>
              </li>
            ))}
          </Files>
        )}
      </Panel>
      {user.possibleWorks.length > 0 && (
        <Panel title="対応可能な仕事">
          <DescriptionList items={user.possibleWorks.map((w) => ({ term: w.workName, detail: w.achievement || '—' }))} />
        </Panel>
      )}
    </GuestFrame>
  );
}
