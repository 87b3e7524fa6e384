import styled from 'styled-components';
import { formatNumber } from '@/lib/format';
import type { Paging } from '@/lib/paging';
import { theme } from '@/theme/theme';
import { Button } from './button';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 12px;
  margin: 16px 0;
  span { color: ${theme.color.subText}; }
`;

/** Previous and next page of a paged list (pages from 1), with where the list stands. */
export function Pager({ paging, onPage, disabled }: { paging: Paging; onPage: (page: number) => void; disabled?: boolean }) {
  const { currentPage, lastPage, perPage, total } = paging;
  if (total === 0) return null;
  const first = (currentPage - 1) * perPage + 1;
  const last = Math.min(total, currentPage * perPage);
  return (
    <Bar aria-label="ページ送り">
      <Button type="button" $size="sm" $minWidth={90} disabled={disabled || currentPage <= 1} onClick={() => onPage(currentPage - 1)}>
        前へ
      </Button>
      <span>
        {formatNumber(total)}件中 {formatNumber(first)}〜{formatNumber(last)}件（{currentPage} / {lastPage}ページ）
      </span>
      <Button type="button" $size="sm" $minWidth={90} disabled={disabled || currentPage >= lastPage} onClick={() => onPage(currentPage + 1)}>
        次へ
      </Button>
    </Bar>
  );
}
