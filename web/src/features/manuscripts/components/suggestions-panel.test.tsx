import { act, fireEvent, render, screen, within } from '@testing-library/react';
import * as Y from 'yjs';
import { FakeHub } from '../fake-hub';
import ManuscriptEditor from './manuscript-editor';

const author = { suggestionId: 's1', authorId: 3, authorName: '佐藤 健', time: '2026-11-29T10:00:00.000Z' };

/** A paragraph holding an insertion and a deletion, as the Yjs binding writes marks (formatting attributes). */
function suggestedParagraph(doc: Y.Doc) {
  const paragraph = new Y.XmlElement('paragraph');
  const text = new Y.XmlText();
  paragraph.insert(0, [text]);
  doc.getXmlFragment('default').insert(0, [paragraph]);
  text.insert(0, '季節の');
  text.insert(3, '旬の', { insertion: { ...author, suggestionId: 'i1' } });
  text.insert(5, '野菜', { insertion: null });
  text.insert(7, 'を使った', { deletion: { ...author, suggestionId: 'd1' } });
}

const writer = { id: 2, name: '山田 花子' };

describe('SuggestionsPanel', () => {
  it('lists the suggestions with their author; the writer accepts one and rejects the other, for everyone', async () => {
    const hub = new FakeHub();
    suggestedParagraph(hub.doc);
    render(<ManuscriptEditor manuscriptId={7} permission="edit" user={writer} transport={hub.socket('edit', 2)} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-suggestion-count')).toHaveTextContent('2'));
    const items = screen.getAllByTestId('manuscript-suggestion');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('佐藤 健 ・ 挿入'), expect.stringContaining('佐藤 健 ・ 削除')]);
    expect(within(items[1]).getByText('を使った').tagName).toBe('DEL');
    // The marks in the text name their author; deleted text is not counted.
    expect(screen.getByTestId('manuscript-editor').querySelector('ins')).toHaveAttribute('title', '佐藤 健さんの提案（挿入）');
    expect(screen.getByTestId('manuscript-count-total')).toHaveTextContent('7');

    act(() => fireEvent.click(screen.getByRole('button', { name: '佐藤 健さんの挿入「旬の」を承認' })));
    act(() => fireEvent.click(screen.getByRole('button', { name: '佐藤 健さんの削除「を使った」を却下' })));
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-suggestion-count')).toHaveTextContent('0'));
    expect(screen.getByTestId('manuscript-editor')).toHaveTextContent('季節の旬の野菜を使った');
    // The hub's document (what the others get) holds the text without any suggestion.
    await vi.waitFor(() => expect(hub.text()).toBe('<paragraph>季節の旬の野菜を使った</paragraph>'));
  }, 20_000);

  it('puts a holder of suggest in suggestion mode without the formatting toolbar, and lets an editor switch it on', async () => {
    const hub = new FakeHub();
    suggestedParagraph(hub.doc);
    const { unmount } = render(<ManuscriptEditor manuscriptId={7} permission="suggest" user={{ id: 3, name: '佐藤 健' }} transport={hub.socket('suggest', 3)} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-suggesting')).toBeInTheDocument());
    expect(screen.queryByRole('toolbar', { name: '書式' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /を承認$/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('manuscript-suggest-mode')).not.toBeInTheDocument();
    unmount();

    render(<ManuscriptEditor manuscriptId={7} permission="edit" user={writer} transport={hub.socket('edit', 2)} />);
    await vi.waitFor(() => expect(screen.getByRole('toolbar', { name: '書式' })).toBeInTheDocument());
    act(() => fireEvent.click(screen.getByRole('switch', { name: '提案モード' })));
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-suggesting')).toBeInTheDocument());
    expect(screen.queryByRole('toolbar', { name: '書式' })).not.toBeInTheDocument();
  }, 20_000);
});
