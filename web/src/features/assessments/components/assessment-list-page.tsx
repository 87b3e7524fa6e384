/** `/assessments`: the client's assessments by month, newest first, with their state and a link to answer. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { href } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useCatchUp } from '@/lib/socket';
import { monthLabel } from '../format';
import { useAssessments } from '../store';
import type { AssessmentState } from '../types';

const Filters = styled.div`
  display: flex;
  gap: 8px;
  margin: 16px 0;
`;

const FILTERS: { state: AssessmentState | undefined; label: string }[] = [
  { state: undefined, label: 'すべて' },
  { state: 'no_answered', label: '未評価' },
  { state: 'answered', label: '評価済み' },
];

export function AssessmentListPage() {
  const { list, query, fetchList, refreshList } = useAssessments();
  useEffect(() => {
    void fetchList(1, undefined);
  }, [fetchList]);
  useCatchUp(() => void refreshList());
  const data = list.data;
  return (
    <div>
      <PageTitle>評価一覧</PageTitle>
      <Muted>毎月、お仕事をしていただいたクリエイターの評価にご協力ください。評価は今後のマッチングに役立てます。</Muted>
      <Filters role="group" aria-label="評価の状態">
        {FILTERS.map((f) => (
          <Button key={f.label} type="button" $size="sm" $minWidth={90} $variant={query.state === f.state ? 'primary' : 'default'} aria-pressed={query.state === f.state} onClick={() => void fetchList(1, f.state)}>
            {f.label}
          </Button>
        ))}
      </Filters>
      <ErrorAlert error={list.error} />
      {data && data.assessments.length === 0 && <Muted>評価の対象はありません。</Muted>}
      {data && data.assessments.length > 0 && (
        <DataTable data-testid="assessment-list">
          <thead>
            <tr>
              <th>対象月</th>
              <th>クリエイター</th>
              <th className="number">完了タスク</th>
              <th>状態</th>
              <th>評価日</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.assessments.map((a) => (
              <tr key={a.id} data-testid="assessment-row">
                <td>{monthLabel(a.targetMonth)}</td>
                <td>{a.creator.userName}</td>
                <td className="number">{a.completedTaskCount}</td>
                <td>{a.state === 'answered' ? <Badge $tone="muted">評価済み</Badge> : <Badge $tone="alert">未評価</Badge>}</td>
                <td>{a.answeredAt ? formatDate(a.answeredAt) : '—'}</td>
                <td>
                  <Button as={Link} to={href('assessment', { assessmentId: a.id })} $size="xsm" $minWidth={80} $variant={a.canAnswer ? 'primary' : 'default'} style={{ display: 'inline-grid', placeItems: 'center' }}>
                    {a.canAnswer ? '評価する' : '見る'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {data && <Pager paging={data} disabled={list.loading} onPage={(page) => void fetchList(page, query.state)} />}
    </div>
  );
}
