import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Checkbox } from '@/components/checkbox';
import { InlineForm } from '@/components/form-grid';
import { Inline, List, ListRow } from '@/components/list';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { href } from '@/config/paths';
import { formatDate } from '@/lib/format';
import type { Viewer } from '@/lib/roles';
import { theme } from '@/theme/theme';
import { useCatchUp } from '@/lib/socket';
import { useProjects } from '../store';
import { describeProjectRule, MOVE_LABEL, PROJECT_STATUSES, STATUS_LABEL } from '../types';

const Filter = styled.fieldset`
  border: none;
  padding: 0;
  margin: 0 0 16px;
  legend { font-weight: ${theme.font.bold}; padding: 0; margin-bottom: 4px; }
`;

interface Props {
  title?: string;
  /** Staff management: a status filter and the status move buttons on each row. */
  manage?: boolean;
  viewer?: Viewer;
}

/** The project list (all visible projects, the managed ones, or the ones the creator takes part in: the server scopes it). */
export function ProjectsPage({ title = 'プロジェクト一覧', manage = false, viewer }: Props) {
  const { list, move, page, lastPage, fetchPage, search, moveListedStatus } = useProjects();
  const [keyword, setKeyword] = useState('');
  const [statuses, setStatuses] = useState<string[]>([]);
  useEffect(() => {
    void search('', []);
  }, [search]);
  useCatchUp(() => void fetchPage(page));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search(keyword, statuses);
  };
  const toggleStatus = (status: string) => {
    const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status];
    setStatuses(next);
    void search(keyword, next);
  };
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <form onSubmit={submit} role="search">
        <InlineForm>
          <TextField label="キーワード" hideLabel type="search" placeholder="プロジェクト名・媒体名で検索" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
          <Button type="submit" $minWidth={80}>
            検索
          </Button>
        </InlineForm>
      </form>
      {manage && (
        <Filter>
          <legend>ステータスで絞り込む</legend>
          <Inline>
            {PROJECT_STATUSES.map((status) => (
              <Checkbox key={status} label={STATUS_LABEL[status]} checked={statuses.includes(status)} onChange={() => toggleStatus(status)} />
            ))}
          </Inline>
        </Filter>
      )}
      <Panel title="プロジェクト">
        {list.error && <p role="alert">{list.error.message}</p>}
        <ErrorAlert error={move.error} describe={describeProjectRule} />
        {!list.loading && list.data.length === 0 && <Muted>表示できるプロジェクトはまだありません。</Muted>}
        <List data-testid="project-list">
          {list.data.map((project) => (
            <ListRow key={project.id} $wrap>
              <div>
                <Link to={href('project', { projectId: project.id })}>
                  <strong>{project.name}</strong>
                </Link>
                <br />
                <small>
                  {project.mediaName}（{project.companyName}）・作品 {project.workCount} 件・更新 {formatDate(project.updatedAt)}
                </small>
              </div>
              <Inline>
                <Badge>{STATUS_LABEL[project.status] ?? project.status}</Badge>
                {manage &&
                  viewer &&
                  project.allowedTransitions.map((status) => (
                    <Button key={status} type="button" $size="xsm" $minWidth={0} disabled={move.loading} onClick={() => moveListedStatus(project.id, status)}>
                      {MOVE_LABEL[status]}
                    </Button>
                  ))}
              </Inline>
            </ListRow>
          ))}
        </List>
        {page < lastPage && (
          <Button type="button" $size="sm" disabled={list.loading} onClick={() => fetchPage(page + 1)}>
            さらに読み込む
          </Button>
        )}
      </Panel>
    </>
  );
}
