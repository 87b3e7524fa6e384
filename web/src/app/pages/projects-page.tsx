import { PageTitle, Muted } from '@/components/page';
import { Panel } from '@/components/panel';

/** The project list arrives with the work issue; until then the page explains the empty state. */
export function ProjectsPage() {
  return (
    <>
      <PageTitle>プロジェクト一覧</PageTitle>
      <Panel title="進行中のプロジェクト">
        <Muted>表示できるプロジェクトはまだありません。</Muted>
      </Panel>
    </>
  );
}
