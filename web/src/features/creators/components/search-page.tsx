import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { deniedPage } from '@/components/status-page';
import { CardGrid } from '@/components/list';
import { formatNumber } from '@/lib/format';
import { theme } from '@/theme/theme';
import { type CreatorFilter, conditionCount, filterFromParams, filterToParams } from '../filters';
import { useCreators } from '../store';
import { CreatorCard } from './creator-card';
import { SearchFilterPanel } from './search-filter-panel';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(260px, 340px) 1fr;
  gap: 20px;
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
`;
const Empty = styled.div`
  padding: 24px;
  background: ${theme.color.white};
  border-radius: 6px;
  text-align: center;
`;

/** What to change when nothing matched. */
function emptyAdvice(filter: CreatorFilter): string {
  const count = conditionCount(filter);
  if (count === 0) return 'まだ検索できるクリエイターがいません。';
  const hints = [
    filter.words && 'キーワードを短くするか別の言葉にする',
    filter.genreIds.length + filter.genreGroupIds.length > 0 && 'ジャンルを増やす',
    (filter.workStatuses.length > 0 || filter.ageBands.length > 0) && '受付状況や年代の指定を広げる',
    (filter.region || filter.prefectureIds.length > 0) && '居住地の指定を外す',
    filter.searchTagIds.length + filter.excludeSearchTagIds.length + filter.languageIds.length > 0 && 'タグや言語の指定を外す',
  ].filter(Boolean);
  return `${count}件の条件すべてに合うクリエイターはいませんでした。${hints.join('、')}などしてお試しください。`;
}

/** /users/search: creators by genre, availability, tags, age band, region, language and words, newest first. */
export function CreatorSearchPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const query = filterToParams(filter).toString();
  const conditions = filterToParams({ ...filter, page: 1 }).toString();
  const { options, results, fetchOptions, search } = useCreators();

  useEffect(() => {
    void fetchOptions();
  }, [fetchOptions]);
  useEffect(() => {
    void search(filterFromParams(new URLSearchParams(query)));
  }, [search, query]);

  const denied = !results.loading && deniedPage(results.error);
  if (denied) return denied;
  const apply = (next: CreatorFilter) => setParams(filterToParams({ ...next, page: 1 }));
  const data = results.data;

  return (
    <>
      <PageTitle>ユーザー検索</PageTitle>
      <Layout>
        <SearchFilterPanel key={conditions} initial={filter} options={options.data} onApply={apply} busy={results.loading} />
        <section aria-label="検索結果">
          <ErrorAlert error={results.error ?? options.error} />
          {data && (
            <p data-testid="search-total">
              {formatNumber(data.total)}人のクリエイター{results.loading && '（更新中…）'}
            </p>
          )}
          {!data && results.loading && <Muted>検索中…</Muted>}
          {data && data.users.length === 0 && (
            <Empty data-testid="search-empty">
              <p>条件に合うクリエイターが見つかりませんでした。</p>
              <Muted>{emptyAdvice(filter)}</Muted>
            </Empty>
          )}
          {data && data.users.length > 0 && (
            <CardGrid $min={280} data-testid="search-results">
              {data.users.map((creator) => (
                <CreatorCard key={creator.id} creator={creator} />
              ))}
            </CardGrid>
          )}
          {data && <Pager paging={data} disabled={results.loading} onPage={(page) => setParams(filterToParams({ ...filter, page }))} />}
        </section>
      </Layout>
    </>
  );
}
