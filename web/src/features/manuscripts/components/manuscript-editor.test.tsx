import { StrictMode } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import * as Y from 'yjs';
import { FakeHub } from '../fake-hub';
import { ManuscriptProvider } from '../provider';
import ManuscriptEditor from './manuscript-editor';

function paragraph(doc: Y.Doc, type: 'paragraph' | 'heading', text: string) {
  const element = new Y.XmlElement(type);
  if (type === 'heading') element.setAttribute('level', '2');
  element.insert(0, [new Y.XmlText(text)]);
  const fragment = doc.getXmlFragment('default');
  fragment.insert(fragment.length, [element]);
}

const user = { id: 5, name: '山田 花子' };

describe('ManuscriptEditor', () => {
  it('shows the manuscript from the hub with its live count by section, and says it is synced', async () => {
    const hub = new FakeHub();
    paragraph(hub.doc, 'paragraph', '前書き。');
    paragraph(hub.doc, 'heading', '第一章');
    paragraph(hub.doc, 'paragraph', '本文です');
    render(<ManuscriptEditor manuscriptId={7} permission="edit" user={user} transport={hub.socket('edit', 5)} />);

    const editor = await screen.findByTestId('manuscript-editor');
    await vi.waitFor(() => expect(editor).toHaveTextContent('前書き。第一章本文です'));
    expect(editor).toHaveAttribute('contenteditable', 'true');
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));
    expect(screen.getByTestId('manuscript-count-total')).toHaveTextContent('11');
    expect(screen.getByTestId('manuscript-count-without-punctuation')).toHaveTextContent('句読点を除く 10文字');
    const rows = within(screen.getByTestId('manuscript-count-sections')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['見出し文字数句読点を除く', '（見出し前）43', '第一章77']);
    expect(screen.getByRole('toolbar', { name: '書式' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '見出し2' })).toBeInTheDocument();
  });

  it("follows another writer's edits and counts them", async () => {
    const hub = new FakeHub();
    render(<ManuscriptEditor manuscriptId={7} permission="edit" user={user} transport={hub.socket('edit', 5)} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));

    const other = new ManuscriptProvider(new Y.Doc(), { manuscriptId: 7, transport: hub.socket('edit', 6) });
    await vi.waitFor(() => expect(other.current.status).toBe('synced'));
    await act(async () => paragraph(other.doc, 'paragraph', '共同編集の一文'));
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-editor')).toHaveTextContent('共同編集の一文'));
    expect(screen.getByTestId('manuscript-count-total')).toHaveTextContent('7');
    act(() => other.destroy());
  });

  it('works under StrictMode, as the app runs: the provider of the discarded first mount leaves no trace', async () => {
    const hub = new FakeHub();
    paragraph(hub.doc, 'paragraph', '厳格モード');
    const socket = hub.socket('edit', 5);
    render(
      <StrictMode>
        <ManuscriptEditor manuscriptId={7} permission="edit" user={user} transport={socket} />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));
    expect(screen.getByTestId('manuscript-editor')).toHaveTextContent('厳格モード');
    const other = new ManuscriptProvider(new Y.Doc(), { manuscriptId: 7, transport: hub.socket('edit', 6) });
    await vi.waitFor(() => expect(other.current.status).toBe('synced'));
    await act(async () => paragraph(other.doc, 'paragraph', '届く'));
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-editor')).toHaveTextContent('厳格モード届く'));
    expect(screen.getAllByTestId('manuscript-editor')).toHaveLength(1);
    act(() => other.destroy());
  });

  it('is read-only without a toolbar for comment permission', async () => {
    const hub = new FakeHub();
    paragraph(hub.doc, 'paragraph', '読むだけ');
    render(<ManuscriptEditor manuscriptId={7} permission="comment" user={user} transport={hub.socket('comment', 5)} />);
    const editor = await screen.findByTestId('manuscript-editor');
    await vi.waitFor(() => expect(editor).toHaveTextContent('読むだけ'));
    expect(editor).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.getByTestId('manuscript-permission')).toHaveTextContent('コメント');
  });

  it('says so when the connection drops, and syncs again when it returns', async () => {
    const hub = new FakeHub();
    const socket = hub.socket('edit', 5);
    render(<ManuscriptEditor manuscriptId={7} permission="edit" user={user} transport={socket} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));
    act(() => socket.drop());
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('オフライン（再接続すると反映されます）'));
    await act(async () => socket.reconnect());
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));
  });
});
