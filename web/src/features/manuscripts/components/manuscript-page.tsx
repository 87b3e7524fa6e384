/**
 * A manuscript opened for writing: its title and task, the editor (a lazy chunk: TipTap and Yjs
 * load only here), its versions, and the comparison of two texts with the restore of a version
 * (through the editor's handle). Opened by a member at /manuscripts/:id with their own
 * permission, or through an editor link with the link's effective one.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { deniedPage } from '@/components/status-page';
import { href } from '@/config/paths';
import { useSubmit } from '@/lib/use-submit';
import { manuscriptsApi } from '../api';
import { mayWrite, type EditorHandle, type Permission } from '../types';
import type { EditorUser } from './manuscript-editor';
import { VersionCompare } from './version-compare';
import { VersionsPanel } from './versions-panel';

const ManuscriptEditor = lazy(() => import('./manuscript-editor'));

export interface ManuscriptPageProps {
  manuscriptId: number;
  user: EditorUser;
  /** Through a link: the effective permission and the token the hub checks again. */
  link?: { permission: Permission; token: string };
}

export function ManuscriptPage({ manuscriptId, user, link }: ManuscriptPageProps) {
  const load = useSubmit((id: number) => manuscriptsApi.show(id), '原稿を読み込めませんでした');
  const { run } = load;
  const [editor, setEditor] = useState<EditorHandle | null>(null);
  // Bumped when a version is saved, by the versions panel or by a restore: both lists read again.
  const [revision, setRevision] = useState(0);
  const saved = useCallback(() => setRevision((n) => n + 1), []);
  useEffect(() => {
    void run(manuscriptId);
  }, [run, manuscriptId]);

  const manuscript = load.data?.id === manuscriptId ? load.data : null;
  if (!manuscript) {
    const denied = !load.loading && deniedPage(load.error);
    if (denied) return denied;
    return load.error ? <ErrorAlert error={load.error} /> : <Muted>読み込み中…</Muted>;
  }
  const permission = link?.permission ?? manuscript.permission;
  return (
    <>
      <PageTitle>{manuscript.title}</PageTitle>
      <Muted>
        {manuscript.projectName} / <Link to={href('task', { taskId: manuscript.taskId })}>{manuscript.taskName}</Link>
      </Muted>
      <Suspense fallback={<Muted>エディタを読み込み中…</Muted>}>
        <ManuscriptEditor manuscriptId={manuscriptId} permission={permission} user={user} token={link?.token} onHandle={setEditor} />
      </Suspense>
      <Panel title="版" testId="manuscript-versions-panel">
        <VersionsPanel manuscriptId={manuscriptId} canCreate={mayWrite(permission)} revision={revision} onSaved={saved} />
      </Panel>
      <Panel title="版の比較" testId="manuscript-compare-panel">
        <VersionCompare manuscriptId={manuscriptId} token={link?.token} editor={editor} revision={revision} onSaved={saved} />
      </Panel>
    </>
  );
}
