/** A company's media: /clients/{clientId}/media (staff, or the company's own users), and a client's own 「媒体」 (/clients/media). */
import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageHead, PageTitle } from '@/components/page';
import { deniedPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { useCatchUp } from '@/lib/socket';
import { useMedia } from '../store';
import { MediaCards } from './media-cards';

const Head = styled(PageHead)`
  nav { display: flex; gap: 16px; align-items: center; }
`;

export function ClientMediaPage({ clientId, title }: { clientId: number; title?: string }) {
  const { ofClient, fetchOfClient } = useMedia();
  useEffect(() => {
    void fetchOfClient(clientId);
  }, [fetchOfClient, clientId]);
  useCatchUp(() => void fetchOfClient(clientId));
  const data = ofClient.data?.client.id === clientId ? ofClient.data : null;
  if (!data) {
    const denied = !ofClient.loading && deniedPage(ofClient.error);
    if (denied) return denied;
    return (
      <>
        <PageTitle>{title ?? '媒体一覧'}</PageTitle>
        {ofClient.loading || !ofClient.error ? <Muted>読み込み中…</Muted> : <ErrorAlert error={ofClient.error} />}
      </>
    );
  }
  return (
    <>
      <Head>
        <PageTitle>{title ?? `${data.client.name} の媒体`}</PageTitle>
        <nav>
          <Link to={href('clientAccounts', { clientId })}>アカウント</Link>
          <Link to={`${href('clientPayments')}?client_id=${clientId}`}>ご利用金額</Link>
          {data.canEdit && <Link to={href('clientEdit', { clientId })}>会社情報を編集</Link>}
          {data.canEdit && (
            <Button as={Link} to={href('clientMediaAdd', { clientId })} $variant="primary" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', textDecoration: 'none' }}>
              媒体を追加
            </Button>
          )}
        </nav>
      </Head>
      {data.media.length === 0 ? (
        <Muted data-testid="media-empty">
          {data.canEdit ? 'この会社にはまだ媒体がありません。「媒体を追加」から登録してください。' : 'まだ媒体が登録されていません。担当者にご連絡ください。'}
        </Muted>
      ) : (
        <MediaCards media={data.media} editHref={data.canEdit ? (m) => href('clientMediaEdit', { clientId, mediaId: m.id }) : undefined} />
      )}
    </>
  );
}
