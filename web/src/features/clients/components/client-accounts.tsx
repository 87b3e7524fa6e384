/** A company's logins and pending invitations, with the invitation form the route supplies. */
import { useCallback, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { deniedPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/format';
import { clientsApi } from '../api';
import { useClient } from '../store';
import type { ClientAccount } from '../types';

const STATUS_LABEL: Record<ClientAccount['accountStatus'], string> = { active: '有効', banned: '退会手続き中', left: '退会済み' };

interface Props {
  clientId: number;
  /** The invitation form: `invite` mails the link, `onSent` refreshes this page. */
  renderInvite: (invite: (mailAddress: string) => Promise<unknown>, onSent: () => void) => ReactNode;
}

export function ClientAccountsPage({ clientId, renderInvite }: Props) {
  const { accounts, fetchAccounts } = useClient();
  const reload = useCallback(() => void fetchAccounts(clientId), [fetchAccounts, clientId]);
  useEffect(reload, [reload]);
  const data = accounts.data?.client.id === clientId ? accounts.data : null;
  if (!data) {
    const denied = !accounts.loading && deniedPage(accounts.error);
    if (denied) return denied;
    return (
      <>
        <PageTitle>アカウント</PageTitle>
        {accounts.loading ? <Muted>読み込み中…</Muted> : <ErrorAlert error={accounts.error} />}
      </>
    );
  }
  return (
    <>
      <PageTitle>{data.client.name} のアカウント</PageTitle>
      <p>
        <Link to={href('clientMediaList', { clientId })}>媒体一覧へ</Link>
      </p>
      <Panel title="ログインできるアカウント" testId="client-accounts">
        {data.accounts.length === 0 ? (
          <Muted>まだアカウントがありません。下のフォームから担当の方を招待してください。</Muted>
        ) : (
          <DataTable>
            <thead>
              <tr>
                <th>ID</th>
                <th>名前</th>
                <th>メールアドレス</th>
                <th>状態</th>
                <th>最終ログイン</th>
                <th>登録日</th>
              </tr>
            </thead>
            <tbody>
              {data.accounts.map((a) => (
                <tr key={a.id} data-testid="account-row">
                  <td>{a.id}</td>
                  <td>{a.userName}</td>
                  <td>{a.mailAddress}</td>
                  <td>
                    <Badge $tone={a.accountStatus === 'active' ? 'brand' : 'muted'}>{STATUS_LABEL[a.accountStatus]}</Badge>
                  </td>
                  <td>{a.lastLoginAt ? formatDateTime(a.lastLoginAt) : 'ログインなし'}</td>
                  <td>{formatDate(a.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
      {data.invitations.length > 0 && (
        <Panel title="招待中" testId="client-invitations">
          <DataTable>
            <thead>
              <tr>
                <th>メールアドレス</th>
                <th>送信日時</th>
                <th>有効期限</th>
              </tr>
            </thead>
            <tbody>
              {data.invitations.map((i) => (
                <tr key={i.mailAddress}>
                  <td>{i.mailAddress}</td>
                  <td>{formatDateTime(i.sentAt)}</td>
                  <td>{formatDateTime(i.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </Panel>
      )}
      {data.canInvite && (
        <Panel title="アカウントを招待する">
          <Muted>招待する方のメールアドレスを入力してください。アカウント登録用のURLをお送りします（有効期限24時間）。</Muted>
          {renderInvite((mailAddress) => clientsApi.invite(clientId, mailAddress), reload)}
        </Panel>
      )}
    </>
  );
}
