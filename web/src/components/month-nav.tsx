/** Moving between months: the month shown, the month before and after as links, and a picker to jump to any month. */
import type { ChangeEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { addMonths, dateParts, isoDate } from '@/lib/calendar';
import { theme } from '@/theme/theme';
import { controlBox } from './form-field';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 16px;
  margin: 8px 0 16px;
  strong { font-size: ${theme.font.xl}; }
`;
const MonthInput = styled.input`
  ${controlBox}
  width: auto;
`;

/** The year and month `delta` months from `year`/`month`. */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const { year: y, month: m } = dateParts(addMonths(isoDate(year, month, 1), delta));
  return { year: y, month: m };
}

interface Props {
  year: number;
  month: number;
  /** Where a month's link goes. */
  hrefFor: (year: number, month: number) => string;
  /** A month picked in the picker. */
  onPick: (year: number, month: number) => void;
  /** Shown after the month (its state, say). */
  children?: ReactNode;
}

export function MonthNav({ year, month, hrefFor, onPick, children }: Props) {
  const previous = shiftMonth(year, month, -1);
  const next = shiftMonth(year, month, 1);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const [y, m] = event.target.value.split('-').map(Number);
    if (y && m) onPick(y, m);
  };
  return (
    <Bar aria-label="月の移動">
      <Link to={hrefFor(previous.year, previous.month)}>
        ← {previous.year}年{previous.month}月
      </Link>
      <strong>
        {year}年{month}月
      </strong>
      {children}
      <Link to={hrefFor(next.year, next.month)}>
        {next.year}年{next.month}月 →
      </Link>
      <MonthInput type="month" aria-label="年月を選ぶ" value={`${year}-${String(month).padStart(2, '0')}`} onChange={pick} />
    </Bar>
  );
}
