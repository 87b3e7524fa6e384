/** /media: staff see every medium (searchable, paged), a client its own company's. */
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { SearchForm } from '@/components/search-form';
import { href } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useWordSearch } from '@/lib/use-word-search';
import { PAYMENT_SCHEDULE_LABEL } from '../schema';
import { useMedia } from '../store';

export function MediaListPage({ staff }: { staff: boolean }) {
  const { list, fetchList } = useMedia();
  const { typed, setTyped, words, setPage, search } = useWordSearch(fetchList);
  const data = list.data;
  return (
    <>
      <PageTitle>媒体一覧</PageTitle>
      <Panel title="媒体を探す">
        <SearchForm label="媒体名・会社名" placeholder="媒体名または会社名で検索" value={typed} onChange={setTyped} onSubmit={search} />
        <ErrorAlert error={list.error} />
        {!data && list.loading && <Muted>読み込み中…</Muted>}
        {data && data.media.length === 0 && (
          <Muted data-testid="media-empty">
            {words
              ? '条件に合う媒体が見つかりません。キーワードを変えてお試しください。'
              : staff
                ? 'まだ媒体がありません。クライアント一覧から会社を選び、「媒体を追加」で登録してください。'
                : 'まだ媒体が登録されていません。担当者にご連絡ください。'}
          </Muted>
        )}
        {data && data.media.length > 0 && (
          <>
            <DataTable data-testid="media-table" aria-busy={list.loading}>
              <thead>
                <tr>
                  <th>媒体名</th>
                  <th>クライアント</th>
                  <th>ジャンル</th>
                  <th>支払い</th>
                  <th className="number">チーム</th>
                  <th className="number">メンバー</th>
                </tr>
              </thead>
              <tbody>
                {data.media.map((m) => (
                  <tr key={m.id} data-testid="media-row">
                    <td>
                      <Link to={href('mediaDetails', { mediaId: m.id })}>{m.name}</Link>
                    </td>
                    <td>{staff ? <Link to={href('clientMediaList', { clientId: m.client.id })}>{m.client.name}</Link> : m.client.name}</td>
                    <td>{m.genreGroup?.name ?? '未設定'}</td>
                    <td>{PAYMENT_SCHEDULE_LABEL[m.paymentSchedule]}</td>
                    <td className="number">{formatNumber(m.teamCount)}</td>
                    <td className="number">{formatNumber(m.memberCount)}</td>
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
