import { act, render, screen } from '@testing-library/react';
import * as Y from 'yjs';
import type { CommentsSource } from '../comments';
import { FakeHub } from '../fake-hub';
import { ManuscriptProvider, toBase64 } from '../provider';
import type { ManuscriptComment } from '../types';
import ManuscriptEditor from './manuscript-editor';

function paragraph(doc: Y.Doc, text: string): Y.XmlText {
  const element = new Y.XmlElement('paragraph');
  const content = new Y.XmlText(text);
  element.insert(0, [content]);
  const fragment = doc.getXmlFragment('default');
  fragment.insert(fragment.length, [element]);
  return content;
}

const position = (type: Y.XmlText, index: number) => toBase64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(type, index)));

const thread = (id: number, start: string, end: string, resolvedAt: string | null = null): ManuscriptComment => ({
  id,
  manuscriptId: 7,
  parentId: null,
  authorId: 3,
  authorName: '依頼 太郎',
  body: '指摘',
  anchor: { start, end },
  quote: '',
  resolvedAt,
  resolvedByName: resolvedAt ? '書き手' : null,
  createdAt: '2026-11-29T01:00:00Z',
  deleted: false,
  canDelete: false,
});

const source = (comments: ManuscriptComment[]): CommentsSource => ({
  list: async () => comments,
  create: async () => comments[0],
  resolve: async () => undefined,
  reopen: async () => undefined,
  remove: async () => undefined,
  onChanged: () => () => undefined,
});

const user = { id: 5, name: '山田 花子' };

describe('comment highlights', () => {
  it('draws open threads on their text through the relative positions, and keeps them on it while others edit', async () => {
    const hub = new FakeHub();
    const text = paragraph(hub.doc, '季節の野菜を使った料理');
    const comments = [thread(1, position(text, 3), position(text, 5)), thread(2, position(text, 0), position(text, 2), '2026-11-29T02:00:00Z')];
    render(<ManuscriptEditor manuscriptId={7} permission="comment" user={user} transport={hub.socket('comment', 5)} comments={source(comments)} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));

    await vi.waitFor(() => expect(document.querySelectorAll('.manuscript-comment')).toHaveLength(1));
    const mark = document.querySelector('.manuscript-comment')!;
    expect(mark).toHaveTextContent(/^野菜$/);
    expect(mark).toHaveAttribute('data-comment-id', '1');

    // Another writer inserts before the range: the highlight stays on 「野菜」.
    const other = new ManuscriptProvider(new Y.Doc(), { manuscriptId: 7, transport: hub.socket('edit', 6) });
    await vi.waitFor(() => expect(other.current.status).toBe('synced'));
    await act(async () => {
      const theirs = (other.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
      theirs.insert(0, '秋の');
    });
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-editor')).toHaveTextContent('秋の季節の野菜'));
    await vi.waitFor(() => expect(document.querySelector('.manuscript-comment')).toHaveTextContent(/^野菜$/));
    act(() => other.destroy());
  });
});
