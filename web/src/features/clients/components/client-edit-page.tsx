/** /clients/add and /clients/{clientId}/edit: the company form, loaded for an edit. */
import { useEffect } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { deniedPage } from '@/components/status-page';
import { useClient } from '../store';
import type { ClientDetail } from '../types';
import { ClientForm } from './client-form';

export function ClientAddPage({ onSaved, onCancel }: { onSaved: (client: ClientDetail) => void; onCancel: () => void }) {
  return (
    <>
      <PageTitle>クライアント追加</PageTitle>
      <ClientForm onSaved={onSaved} onCancel={onCancel} />
    </>
  );
}

export function ClientEditPage({ clientId, onSaved, onCancel }: { clientId: number; onSaved: (client: ClientDetail) => void; onCancel: () => void }) {
  const { detail, fetchDetail } = useClient();
  useEffect(() => {
    void fetchDetail(clientId);
  }, [fetchDetail, clientId]);
  const client = detail.data?.id === clientId && !detail.loading ? detail.data : null;
  if (!client) {
    const denied = !detail.loading && deniedPage(detail.error);
    if (denied) return denied;
    return (
      <>
        <PageTitle>クライアント編集</PageTitle>
        {detail.loading ? <Muted>読み込み中…</Muted> : <ErrorAlert error={detail.error} />}
      </>
    );
  }
  return (
    <>
      <PageTitle>{client.companyName} の編集</PageTitle>
      <ClientForm key={client.updatedAt} client={client} onSaved={onSaved} onCancel={onCancel} />
    </>
  );
}
