import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as Y from 'yjs';
import { mockApi } from '@/test/mock-api';
import { FakeHub } from '../fake-hub';
import { ManuscriptProvider, toBase64 } from '../provider';
import type { EditorHandle } from '../types';
import ManuscriptEditor from './manuscript-editor';
import { BEFORE_RESTORE_NAME, VersionCompare } from './version-compare';

afterEach(() => {
  vi.unstubAllGlobals();
});

function write(doc: Y.Doc, blocks: [type: 'paragraph' | 'heading', text: string][]) {
  const fragment = doc.getXmlFragment('default');
  for (const [type, text] of blocks) {
    const element = new Y.XmlElement(type);
    if (type === 'heading') element.setAttribute('level', '2');
    element.insert(0, [new Y.XmlText(text)]);
    fragment.insert(fragment.length, [element]);
  }
}

/** The text of a document's blocks, one line each (what another writer's screen holds). */
function lines(doc: Y.Doc): string[] {
  return doc
    .getXmlFragment('default')
    .toArray()
    .map((node) => (node instanceof Y.XmlElement ? node.toArray().map((child) => (child instanceof Y.XmlText ? child.toString() : '')).join('') : ''));
}

const FIRST_DRAFT: [type: 'paragraph' | 'heading', text: string][] = [
  ['heading', 'はじめに'],
  ['paragraph', 'やさいの料理です。'],
];

function stateOf(blocks: [type: 'paragraph' | 'heading', text: string][]): string {
  const doc = new Y.Doc();
  write(doc, blocks);
  return toBase64(Y.encodeStateAsUpdate(doc));
}

const version = (id: number, name: string) => ({
  id,
  name,
  counts: { total: 1, without_punctuation: 1, sections: [] },
  created_by_name: '山田 花子',
  created_at: '2026-11-28T15:30:00Z',
});

const content = (canRestore: boolean) => ({
  ...version(1, '初稿'),
  blocks: FIRST_DRAFT.map(([kind, text]) => ({ kind, text })),
  state: stateOf(FIRST_DRAFT),
  can_restore: canRestore,
});

/** The editor and the comparison as the page composes them: the handle passes from one to the other. */
function Page({ hub, token }: { hub: FakeHub; token?: string }) {
  const [handle, setHandle] = useState<EditorHandle | null>(null);
  const [revision, setRevision] = useState(0);
  const [socket] = useState(() => hub.socket('edit', 5));
  return (
    <>
      <ManuscriptEditor manuscriptId={7} permission="edit" user={{ id: 5, name: '山田 花子' }} transport={socket} onHandle={setHandle} />
      <VersionCompare manuscriptId={7} token={token} editor={handle} revision={revision} onSaved={() => setRevision((n) => n + 1)} />
    </>
  );
}

describe('VersionCompare', () => {
  it('compares the newest version with the live text, follows typing, and restores it for everyone after saving the current text', async () => {
    const hub = new FakeHub();
    write(hub.doc, [
      ['heading', 'はじめに'],
      ['paragraph', '野菜の料理です。'],
      ['paragraph', '追記した段落'],
    ]);
    const api = mockApi({
      'GET /manuscripts/7/versions': { body: [version(1, '初稿')] },
      'GET /manuscripts/7/comments': { body: [] },
      'GET /manuscripts/7/versions/1': { body: content(true) },
      'POST /manuscripts/7/versions': { status: 201, body: version(2, BEFORE_RESTORE_NAME) },
    });
    render(<Page hub={hub} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));

    const diff = await screen.findByRole('region', { name: '「初稿」から「現在の原稿」への差分' });
    await vi.waitFor(() => expect(within(diff).getAllByRole('insertion').map((e) => e.textContent)).toEqual(['［追加］野菜［追加ここまで］', '［追加］追記した段落［追加ここまで］']));
    expect(within(diff).getByRole('deletion')).toHaveTextContent('やさい');

    // Another writer's edit shows in the comparison too.
    const other = new ManuscriptProvider(new Y.Doc(), { manuscriptId: 7, transport: hub.socket('edit', 6) });
    await vi.waitFor(() => expect(other.current.status).toBe('synced'));
    await act(async () => write(other.doc, [['paragraph', '別の人の一文']]));
    await vi.waitFor(() => expect(within(screen.getByTestId('manuscript-diff')).getAllByRole('insertion').at(-1)).toHaveTextContent('別の人の一文'));

    // Cancelling changes nothing.
    await userEvent.click(screen.getByTestId('manuscript-restore'));
    expect(await screen.findByTestId('manuscript-restore-confirm')).toHaveTextContent('「初稿」の内容に戻しますか？');
    await userEvent.click(within(screen.getByTestId('manuscript-restore-confirm')).getByRole('button', { name: 'キャンセル' }));
    expect(api.called('POST /manuscripts/7/versions')).toHaveLength(0);

    await userEvent.click(screen.getByTestId('manuscript-restore'));
    await userEvent.click(within(await screen.findByTestId('manuscript-restore-confirm')).getByRole('button', { name: '復元する' }));
    expect(await screen.findByTestId('manuscript-restored')).toHaveTextContent('「初稿」の内容に戻しました。');
    // The current text was kept first, under the automatic name.
    expect(api.called('POST /manuscripts/7/versions').map((c) => c.body)).toEqual([{ name: BEFORE_RESTORE_NAME }]);
    // The restore went out as ordinary edits: the hub and the other writer hold the version's text.
    await vi.waitFor(() => expect(lines(other.doc)).toEqual(['はじめに', 'やさいの料理です。']));
    expect(lines(hub.doc)).toEqual(['はじめに', 'やさいの料理です。']);
    expect(screen.getByTestId('manuscript-editor')).toHaveTextContent('はじめにやさいの料理です。');
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-diff-none')).toBeInTheDocument());
    // Both lists are read again (the automatic version appears).
    await vi.waitFor(() => expect(api.called('GET /manuscripts/7/versions').length).toBeGreaterThanOrEqual(2));
    act(() => other.destroy());
  });

  it('restores nothing when the current text cannot be saved first', async () => {
    const hub = new FakeHub();
    write(hub.doc, [['paragraph', '今の本文']]);
    mockApi({
      'GET /manuscripts/7/versions': { body: [version(1, '初稿')] },
      'GET /manuscripts/7/comments': { body: [] },
      'GET /manuscripts/7/versions/1': { body: content(true) },
      'POST /manuscripts/7/versions': { status: 403, body: { error: { message: '版を保存する権限がありません' } } },
    });
    render(<Page hub={hub} />);
    await userEvent.click(await screen.findByTestId('manuscript-restore', {}, { timeout: 5000 }));
    await userEvent.click(within(await screen.findByTestId('manuscript-restore-confirm')).getByRole('button', { name: '復元する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('版を保存する権限がありません');
    expect(lines(hub.doc)).toEqual(['今の本文']);
    expect(screen.queryByTestId('manuscript-restored')).not.toBeInTheDocument();
  });

  it('offers no restore when the server says the caller may not, and passes the link token', async () => {
    const hub = new FakeHub();
    const api = mockApi({
      'GET /manuscripts/7/versions': { body: [version(1, '初稿')] },
      'GET /manuscripts/7/comments': { body: [] },
      'GET /manuscripts/7/versions/1': { body: content(false) },
    });
    render(<Page hub={hub} token="link-token" />);
    expect(await screen.findByTestId('manuscript-diff', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('manuscript-restore')).not.toBeInTheDocument();
    expect(api.called('GET /manuscripts/7/versions/1')[0].query.get('token')).toBe('link-token');
  });

  it('says there is nothing to compare before a version is saved', async () => {
    mockApi({ 'GET /manuscripts/7/versions': { body: [] } });
    render(<VersionCompare manuscriptId={7} editor={null} revision={0} onSaved={() => {}} />);
    expect(await screen.findByText(/比較できる版はまだありません/)).toBeInTheDocument();
  });
});
