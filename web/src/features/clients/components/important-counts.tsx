import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { href } from '@/config/paths';
import { theme } from '@/theme/theme';
import { useCatchUp } from '@/lib/socket';
import { useClient } from '../store';

const Counts = styled.nav<{ $compact: boolean }>`
  display: flex;
  gap: ${(p) => (p.$compact ? 6 : 12)}px;
  font-size: ${(p) => (p.$compact ? theme.font.xs : theme.font.sm)};
  white-space: nowrap;
  a { color: ${theme.color.text}; text-decoration: none; }
  strong { margin-left: 4px; color: ${theme.color.subText}; font-weight: normal; }
  strong[data-alert='true'] { color: ${theme.color.alert}; font-weight: ${theme.font.bold}; }
`;

/** One count: in alert red only when something waits (zero is the calm state, not an alert). */
function Count({ value, testId }: { value: number; testId: string }) {
  return (
    <strong data-testid={testId} data-alert={value > 0}>
      {value}
    </strong>
  );
}

/** Header counts for clients, each linking to the matching list. */
export function ImportantCounts({ clientId, compact = false }: { clientId: number; compact?: boolean }) {
  const { counts, fetchCounts } = useClient();
  useEffect(() => {
    void fetchCounts(clientId);
  }, [clientId, fetchCounts]);
  useCatchUp(() => void fetchCounts(clientId));
  const c = counts.data;
  return (
    <Counts aria-label="重要なお知らせ" data-testid="important-counts" $compact={compact}>
      <Link to={href('tasks', {}, { status: ['applying'] })}>未発注<Count testId="applying-count" value={c.applyingTaskCount} /></Link>
      <Link to={href('tasks', {}, { status: ['under_acceptance'] })}>未検収<Count testId="under-acceptance-count" value={c.underAcceptanceTaskCount} /></Link>
      <Link to={href('assessments')}>未評価<Count testId="unanswered-count" value={c.unansweredAssessmentsCount} /></Link>
    </Counts>
  );
}
