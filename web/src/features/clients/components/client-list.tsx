/** The staff's client list: search by company name, newest first, each row linking to its edit, accounts and media. */
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageHead, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { SearchForm } from '@/components/search-form';
import { href } from '@/config/paths';
import { formatDate, formatNumber } from '@/lib/format';
import { useWordSearch } from '@/lib/use-word-search';
import { useClient } from '../store';

const Links = styled.span`
  display: inline-flex;
  gap: 12px;
`;

export function ClientList({ canAdd }: { canAdd: boolean }) {
  const { list, fetchList } = useClient();
  const { typed, setTyped, words, setPage, search } = useWordSearch(fetchList);
  const data = list.data;
  return (
    <>
      <PageHead>
        <PageTitle>クライアント一覧</PageTitle>
        {canAdd && (
          <Button as={Link} to={href('clientAdd')} $variant="primary" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', textDecoration: 'none' }}>
            クライアントを追加
          </Button>
        )}
      </PageHead>
      <Panel title="クライアントを探す">
        <SearchForm label="会社名・カナ" placeholder="会社名またはカナで検索" value={typed} onChange={setTyped} onSubmit={search} />
        <ErrorAlert error={list.error} />
        {!data && list.loading && <Muted>読み込み中…</Muted>}
        {data && data.clients.length === 0 && (
          <Muted data-testid="clients-empty">
            {words ? '条件に合うクライアントが見つかりません。キーワードを変えてお試しください。' : 'クライアントがまだ登録されていません。「クライアントを追加」から最初の会社を登録してください。'}
          </Muted>
        )}
        {data && data.clients.length > 0 && (
          <>
            <DataTable data-testid="client-table" aria-busy={list.loading}>
              <thead>
                <tr>
                  <th>会社名</th>
                  <th>プラン</th>
                  <th className="number">媒体</th>
                  <th className="number">アカウント</th>
                  <th>登録日</th>
                  <th>操作</th>
                </tr>
              </thead>
              <tbody>
                {data.clients.map((c) => (
                  <tr key={c.id} data-testid="client-row">
                    <td>
                      <strong>{c.companyName}</strong> {c.isPublic && <Badge $tone="muted">公開</Badge>}
                      <br />
                      <small>{c.companyNameKana}</small>
                    </td>
                    <td>{c.plan?.name ?? '未設定'}</td>
                    <td className="number">{formatNumber(c.mediaCount)}</td>
                    <td className="number">{formatNumber(c.accountCount)}</td>
                    <td>{formatDate(c.createdAt)}</td>
                    <td>
                      <Links>
                        <Link to={href('clientMediaList', { clientId: c.id })}>媒体</Link>
                        <Link to={href('clientAccounts', { clientId: c.id })}>アカウント</Link>
                        {canAdd && <Link to={href('clientEdit', { clientId: c.id })}>編集</Link>}
                      </Links>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Pager paging={data} onPage={setPage} disabled={list.loading} />
          </>
        )}
      </Panel>
    </>
  );
}
