/** /clients/{clientId}/media/add and /clients/{clientId}/media/{mediaId}/edit. */
import { useEffect } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { deniedPage, NotFoundPage } from '@/components/status-page';
import { useMedia } from '../store';
import type { MediaDetail } from '../types';
import { MediaForm } from './media-form';

interface Callbacks {
  onSaved: (media: MediaDetail) => void;
  onCancel: () => void;
}

export function MediaAddPage({ clientId, ...callbacks }: { clientId: number } & Callbacks) {
  return (
    <>
      <PageTitle>媒体追加</PageTitle>
      <MediaForm clientId={clientId} {...callbacks} />
    </>
  );
}

export function MediaEditPage({ clientId, mediaId, ...callbacks }: { clientId: number; mediaId: number } & Callbacks) {
  const { detail, fetchDetail } = useMedia();
  useEffect(() => {
    void fetchDetail(mediaId);
  }, [fetchDetail, mediaId]);
  const media = detail.data?.id === mediaId && !detail.loading ? detail.data : null;
  if (!media) {
    const denied = !detail.loading && deniedPage(detail.error);
    if (denied) return denied;
    return (
      <>
        <PageTitle>媒体編集</PageTitle>
        {detail.loading || !detail.error ? <Muted>読み込み中…</Muted> : <ErrorAlert error={detail.error} />}
      </>
    );
  }
  // The medium of another company under this company's address does not exist here.
  if (media.client.id !== clientId) return <NotFoundPage />;
  return (
    <>
      <PageTitle>{media.name} の編集</PageTitle>
      <MediaForm key={media.id} clientId={clientId} media={media} {...callbacks} />
    </>
  );
}
