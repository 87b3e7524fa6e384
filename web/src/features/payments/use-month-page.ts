import { useEffect, useState } from 'react';
import type { AsyncState } from '@/lib/async-state';
import { useCatchUp } from '@/lib/socket';
import type { MonthState } from './types';

/**
 * A month tab's paged list: fetches `year`/`month` at the current page whenever either changes
 * and answers the loaded data only when it is of that month (never the previous month's).
 */
export function useMonthPage<T extends MonthState>(slice: AsyncState<T | null>, fetch: (year: number, month: number, page: number) => Promise<void>, year: number, month: number) {
  const [page, setPage] = useState(1);
  useEffect(() => {
    void fetch(year, month, page);
  }, [fetch, year, month, page]);
  useCatchUp(() => void fetch(year, month, page));
  const data = slice.data?.year === year && slice.data.month === month ? slice.data : null;
  return { data, setPage };
}
