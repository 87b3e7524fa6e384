import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommentsSource } from '../comments';
import type { ManuscriptComment, NewComment } from '../types';
import { CommentsPanel, type DraftAnchor } from './comments-panel';

const comment = (overrides: Partial<ManuscriptComment>): ManuscriptComment => ({
  id: 1,
  manuscriptId: 7,
  parentId: null,
  authorId: 3,
  authorName: '依頼 太郎',
  body: '本文',
  anchor: { start: 'AAE=', end: 'AAI=' },
  quote: '',
  resolvedAt: null,
  resolvedByName: null,
  createdAt: '2026-11-29T01:00:00Z',
  deleted: false,
  canDelete: false,
  ...overrides,
});

/** The server's side for the panel: a list it keeps, the calls made, and a push it can send. */
function fakeSource(initial: ManuscriptComment[]) {
  let list = initial;
  let listener: (() => void) | null = null;
  const calls: string[] = [];
  const created: NewComment[] = [];
  const source: CommentsSource = {
    list: vi.fn(async () => list),
    create: vi.fn(async (c: NewComment) => {
      created.push(c);
      const made = comment({ id: 100 + created.length, body: c.body ?? '', parentId: c.parentId ?? null, quote: c.quote ?? '', canDelete: true });
      list = [...list, made];
      return made;
    }),
    resolve: vi.fn(async (id: number) => {
      calls.push(`resolve ${id}`);
      list = list.map((c) => (c.id === id ? { ...c, resolvedAt: '2026-11-29T02:00:00Z', resolvedByName: '書き手' } : c));
    }),
    reopen: vi.fn(async (id: number) => {
      calls.push(`reopen ${id}`);
      list = list.map((c) => (c.id === id ? { ...c, resolvedAt: null, resolvedByName: null } : c));
    }),
    remove: vi.fn(async (id: number) => {
      calls.push(`remove ${id}`);
      list = list.filter((c) => c.id !== id && c.parentId !== id);
    }),
    onChanged: (l) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
  };
  return {
    source,
    calls,
    created,
    /** Someone else changed the list and the room said so. */
    push: async (next: ManuscriptComment[]) => {
      list = next;
      await act(async () => listener?.());
    },
  };
}

const selection: DraftAnchor = { start: 'c3RhcnQ=', end: 'ZW5k', text: '季節の\n野菜' };

describe('CommentsPanel', () => {
  it('lists threads with quote, author, time, body and replies, and folds the resolved ones away', async () => {
    const { source } = fakeSource([
      comment({ id: 1, quote: '手軽な料理', body: '根拠は？' }),
      comment({ id: 2, parentId: 1, anchor: null, authorName: '書き手 花子', body: '追記します', canDelete: true }),
      comment({ id: 3, quote: 'だいこん', body: '表記ゆれ', resolvedAt: '2026-11-29T03:00:00Z', resolvedByName: '書き手 花子' }),
    ]);
    const highlights = vi.fn();
    render(<CommentsPanel source={source} hasSelection={false} takeSelection={() => null} onHighlights={highlights} />);

    const threads = await screen.findAllByTestId('manuscript-comment-thread');
    const open = threads.filter((t) => !t.closest('details'));
    expect(open).toHaveLength(1);
    expect(open[0]).toHaveTextContent('手軽な料理');
    const lines = within(open[0]).getAllByTestId('manuscript-comment');
    expect(lines.map((l) => l.textContent)).toEqual(['依頼 太郎2026/11/29 10:00根拠は？', '書き手 花子2026/11/29 10:00削除追記します']);
    // The resolved thread is inside a closed fold with its count.
    const folded = screen.getByTestId('manuscript-comment-resolved');
    expect(folded).not.toHaveAttribute('open');
    expect(within(folded).getByText('解決済み（1件）')).toBeInTheDocument();
    expect(within(folded).getByText('表記ゆれ')).not.toBeVisible();
    // Only open threads are highlighted.
    await vi.waitFor(() => expect(highlights).toHaveBeenLastCalledWith([{ id: 1, start: 'AAE=', end: 'AAI=' }], null));
  });

  it('comments on the selection: the button waits for a selection, the form sends the anchor and the quote', async () => {
    const { source, created } = fakeSource([]);
    const { rerender } = render(<CommentsPanel source={source} hasSelection={false} takeSelection={() => selection} />);
    expect(await screen.findByText('本文を選択して「コメント」を押すと、その箇所にコメントできます。')).toBeInTheDocument();
    expect(screen.getByTestId('manuscript-comment-start')).toBeDisabled();
    rerender(<CommentsPanel source={source} hasSelection takeSelection={() => selection} />);
    await userEvent.click(screen.getByTestId('manuscript-comment-start'));
    const form = screen.getByTestId('manuscript-comment-form');
    expect(form).toHaveTextContent('季節の 野菜');
    expect(screen.getByTestId('manuscript-comment-submit')).toBeDisabled();
    await userEvent.type(screen.getByTestId('manuscript-comment-body'), 'ここを確認');
    await userEvent.click(screen.getByTestId('manuscript-comment-submit'));
    expect(created).toEqual([{ body: 'ここを確認', anchorStart: 'c3RhcnQ=', anchorEnd: 'ZW5k', quote: '季節の 野菜' }]);
    await vi.waitFor(() => expect(screen.queryByTestId('manuscript-comment-form')).not.toBeInTheDocument());
    expect(screen.getByTestId('manuscript-comment-thread')).toHaveTextContent('ここを確認');
  });

  it('replies, resolves, reopens and deletes through the server, and follows what others change', async () => {
    const { source, calls, created, push } = fakeSource([comment({ id: 1, quote: '手軽な料理', body: '根拠は？', canDelete: true })]);
    render(<CommentsPanel source={source} hasSelection={false} takeSelection={() => null} />);
    const thread = await screen.findByTestId('manuscript-comment-thread');
    await userEvent.type(within(thread).getByTestId('manuscript-comment-reply-body'), '直しました');
    await userEvent.click(within(thread).getByTestId('manuscript-comment-reply'));
    expect(created).toEqual([{ body: '直しました', parentId: 1 }]);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-comment-thread')).toHaveTextContent('直しました'));

    await userEvent.click(screen.getByTestId('manuscript-comment-resolve'));
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-comment-resolved')).toHaveTextContent('解決済み（1件）'));
    expect(screen.getByTestId('manuscript-comment-resolved')).toHaveTextContent('書き手さんが解決しました');
    await userEvent.click(screen.getByText('解決済み（1件）'));
    await userEvent.click(screen.getByTestId('manuscript-comment-reopen'));
    await vi.waitFor(() => expect(screen.queryByTestId('manuscript-comment-resolved')).not.toBeInTheDocument());
    expect(calls).toEqual(['resolve 1', 'reopen 1']);

    // Someone else's new thread arrives through the room.
    await push([comment({ id: 1, quote: '手軽な料理', body: '根拠は？', canDelete: true }), comment({ id: 9, quote: 'かぶ', body: '別の指摘' })]);
    await vi.waitFor(() => expect(screen.getAllByTestId('manuscript-comment-thread')).toHaveLength(2));

    const first = screen.getAllByTestId('manuscript-comment-thread')[0];
    await userEvent.click(within(first).getByRole('button', { name: '削除' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('manuscript-comment-thread')).toHaveLength(1));
    expect(calls).toContain('remove 1');
    expect(within(screen.getByTestId('manuscript-comment-thread')).queryByRole('button', { name: '削除' })).not.toBeInTheDocument();
  });

  it('shows the server refusal of a comment', async () => {
    const { source } = fakeSource([]);
    source.create = vi.fn(async () => {
      throw Object.assign(new Error('無効なURLです'), {});
    });
    render(<CommentsPanel source={source} hasSelection takeSelection={() => selection} />);
    await userEvent.click(await screen.findByTestId('manuscript-comment-start'));
    await userEvent.type(screen.getByTestId('manuscript-comment-body'), 'x');
    await userEvent.click(screen.getByTestId('manuscript-comment-submit'));
    expect(await screen.findByText(/コメントを保存できませんでした|無効なURLです/)).toBeInTheDocument();
    expect(screen.getByTestId('manuscript-comment-form')).toBeInTheDocument();
  });
});
