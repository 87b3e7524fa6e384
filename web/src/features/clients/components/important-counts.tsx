import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { theme } from '@/theme/theme';
import { useCatchUp } from '@/lib/socket';
import { useClient } from '../store';

const Counts = styled.nav<{ $compact: boolean }>`
  display: flex;
  gap: ${(p) => (p.$compact ? 6 : 12)}px;
  font-size: ${(p) => (p.$compact ? theme.font.xs : theme.font.sm)};
  white-space: nowrap;
  a { color: ${theme.color.text}; text-decoration: none; }
  strong { color: ${theme.color.alert}; margin-left: 4px; }
`;

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
      <Link to="/tasks?status[]=applying">未発注<strong data-testid="applying-count">{c.applyingTaskCount}</strong></Link>
      <Link to="/tasks?status[]=under_acceptance">未検収<strong data-testid="under-acceptance-count">{c.underAcceptanceTaskCount}</strong></Link>
      <Link to="/assessments">未評価<strong data-testid="unanswered-count">{c.unansweredAssessmentsCount}</strong></Link>
    </Counts>
  );
}
