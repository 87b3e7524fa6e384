/** The month a payment tab shows: moving between months, whether staff have confirmed it, and when it is transferred. */
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { MonthNav } from '@/components/month-nav';
import { displayDate } from '@/lib/calendar';
import { theme } from '@/theme/theme';
import type { MonthState } from '../types';

const Note = styled.span`
  color: ${theme.color.subText};
  font-size: ${theme.font.sm};
`;

interface Props {
  year: number;
  month: number;
  /** The month's state once loaded. */
  state: MonthState | null;
  hrefFor: (year: number, month: number) => string;
  onPick: (year: number, month: number) => void;
}

export function MonthHeader({ year, month, state, hrefFor, onPick }: Props) {
  return (
    <MonthNav year={year} month={month} hrefFor={hrefFor} onPick={onPick}>
      {state &&
        (state.isConfirmed ? (
          <Badge $tone="brand" data-testid="month-state">
            確定
          </Badge>
        ) : (
          <Badge $tone="muted" data-testid="month-state">
            未確定
          </Badge>
        ))}
      {state && <Note>振込予定日 {displayDate(state.paymentDate)}</Note>}
    </MonthNav>
  );
}
