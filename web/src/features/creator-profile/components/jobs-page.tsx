/** /user/edit/jobs: job and qualification information. */
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { JobsForm } from './jobs-form';

export function JobsPage({ title, creator, onSaved }: { title: string; creator: boolean; onSaved: () => void }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Panel title="職業・資格">
        {creator ? <JobsForm onSaved={onSaved} /> : <Muted>職業・資格情報はクリエイターのみ登録できます。</Muted>}
      </Panel>
    </>
  );
}
