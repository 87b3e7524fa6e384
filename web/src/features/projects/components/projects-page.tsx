import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { formatDate } from '@/lib/format';
import { theme } from '@/theme/theme';
import { useProjects } from '../store';
import { STATUS_LABEL } from '../types';

const Row = styled.li`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 0;
  border-bottom: 1px solid ${theme.color.border};
  small { color: ${theme.color.subText}; }
`;
const Status = styled.span`
  padding: 2px 8px;
  border-radius: 10px;
  font-size: ${theme.font.sm};
  background: #e7f5ec;
  color: ${theme.color.brandDark};
  white-space: nowrap;
`;

export function ProjectsPage() {
  const { list, page, lastPage, fetchPage, search } = useProjects();
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    void search('');
  }, [search]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search(keyword);
  };
  return (
    <>
      <PageTitle>プロジェクト一覧</PageTitle>
      <form onSubmit={submit} style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
        <input aria-label="キーワード" placeholder="プロジェクト名・媒体名で検索" value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ flex: 1, padding: 8 }} />
        <Button type="submit" $size="sm" $minWidth={80}>検索</Button>
      </form>
      <Panel title="プロジェクト">
        {list.error && <p role="alert">{list.error.message}</p>}
        {!list.loading && list.data.length === 0 && <Muted>表示できるプロジェクトはまだありません。</Muted>}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="project-list">
          {list.data.map((project) => (
            <Row key={project.id}>
              <div>
                <strong>{project.name}</strong>
                <br />
                <small>
                  {project.mediaName}（{project.companyName}）・作品 {project.workCount} 件・更新 {formatDate(project.updatedAt)}
                </small>
              </div>
              <Status>{STATUS_LABEL[project.status] ?? project.status}</Status>
            </Row>
          ))}
        </ul>
        {page < lastPage && (
          <Button type="button" $size="sm" disabled={list.loading} onClick={() => fetchPage(page + 1)}>
            さらに読み込む
          </Button>
        )}
      </Panel>
    </>
  );
}
