import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { manuscriptJson } from '@/test/manuscript-fixtures';
import { mockApi } from '@/test/mock-api';
import { ManuscriptPage } from './manuscript-page';
import { VersionsPanel } from './versions-panel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const version = (id: number, name: string, createdAt: string) => ({
  id,
  name,
  counts: { total: 1200, without_punctuation: 1100, sections: [] },
  created_by_name: '山田 花子',
  created_at: createdAt,
});

describe('ManuscriptPage', () => {
  it('opens a member with their own permission: title, task link, the editor with its toolbar, versions', async () => {
    mockApi({ 'GET /manuscripts/7': { body: manuscriptJson() }, 'GET /manuscripts/7/versions': { body: [] }, 'GET /manuscripts/7/comments': { body: [] } });
    render(
      <MemoryRouter>
        <ManuscriptPage manuscriptId={7} user={{ id: 5, name: '山田 花子' }} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '春の特集 原稿' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '記事執筆' })).toHaveAttribute('href', '/tasks/12');
    expect(await screen.findByRole('toolbar', { name: '書式' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('manuscript-permission')).toHaveTextContent('編集');
    expect(screen.getByTestId('manuscript-version-save')).toBeInTheDocument();
  });

  it('shows the not-found page for a manuscript the member may not see', async () => {
    mockApi({ 'GET /manuscripts/7': { status: 404, body: { error: { message: 'お探しのデータは存在しません' } } } });
    render(
      <MemoryRouter>
        <ManuscriptPage manuscriptId={7} user={{ id: 5, name: '山田 花子' }} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });
});

describe('VersionsPanel', () => {
  it('lists versions with counts and Tokyo dates, and saves a named one on top', async () => {
    const api = mockApi({
      'GET /manuscripts/7/versions': { body: [version(1, '初稿', '2026-11-28T15:30:00Z')] },
      'POST /manuscripts/7/versions': { status: 201, body: version(2, '修正稿', '2026-11-29T01:05:00Z') },
    });
    render(<VersionsPanel manuscriptId={7} canCreate />);
    const list = screen.getByTestId('manuscript-versions');
    // 15:30 UTC is the next morning in Tokyo.
    expect(await within(list).findByText('初稿')).toBeInTheDocument();
    expect(list).toHaveTextContent('1,200文字（句読点を除く 1,100文字）');
    expect(list).toHaveTextContent('山田 花子・2026/11/29 00:30');

    const save = screen.getByTestId('manuscript-version-save');
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByTestId('manuscript-version-name'), ' 修正稿 ');
    await userEvent.click(save);
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(api.called('POST /manuscripts/7/versions')[0].body).toEqual({ name: '修正稿' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('修正稿');
    expect(screen.getByTestId('manuscript-version-name')).toHaveValue('');
  });

  it("shows the server's refusal of a version", async () => {
    mockApi({
      'GET /manuscripts/7/versions': { body: [] },
      'POST /manuscripts/7/versions': { status: 403, body: { error: { message: '版を保存する権限がありません' } } },
    });
    render(<VersionsPanel manuscriptId={7} canCreate />);
    expect(await screen.findByText('保存された版はまだありません。')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('manuscript-version-name'), '初稿');
    await userEvent.click(screen.getByTestId('manuscript-version-save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('版を保存する権限がありません');
  });

  it('offers no saving without the right to write', async () => {
    mockApi({ 'GET /manuscripts/7/versions': { body: [] } });
    render(<VersionsPanel manuscriptId={7} canCreate={false} />);
    expect(await screen.findByText('保存された版はまだありません。')).toBeInTheDocument();
    expect(screen.queryByTestId('manuscript-version-save')).not.toBeInTheDocument();
  });
});

describe('VersionsPanel delivery', () => {
  it('offers 「この版を納品」 on each version only to whoever may deliver', async () => {
    mockApi({ 'GET /manuscripts/7/versions': { body: [version(1, '初稿', '2026-11-28T15:30:00Z'), version(2, '修正稿', '2026-11-29T01:05:00Z')] } });
    const { unmount } = render(<VersionsPanel manuscriptId={7} canCreate canDeliver />);
    expect(await screen.findByText('修正稿')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'この版を納品' })).toHaveLength(2);
    unmount();

    render(<VersionsPanel manuscriptId={7} canCreate />);
    expect(await screen.findByText('修正稿')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'この版を納品' })).not.toBeInTheDocument();
  });

  it('asks first, delivers the chosen version and says so', async () => {
    const api = mockApi({
      'GET /manuscripts/7/versions': { body: [version(1, '初稿', '2026-11-28T15:30:00Z')] },
      'POST /manuscripts/7/versions/1/deliver': {
        status: 201,
        body: { task_id: 12, delivery_id: 3, type: 'file', url: null, file_ids: [8, 9], manuscript_version_id: 1, updated_at: '2026-11-29T01:05:00Z' },
      },
    });
    render(<VersionsPanel manuscriptId={7} canCreate canDeliver />);
    await userEvent.click(await screen.findByRole('button', { name: 'この版を納品' }));
    const dialog = screen.getByTestId('confirm-deliver-version');
    expect(dialog).toHaveTextContent('「初稿」を納品しますか？');
    await userEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(api.called('POST /manuscripts/7/versions/1/deliver')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'この版を納品' }));
    await userEvent.click(within(screen.getByTestId('confirm-deliver-version')).getByRole('button', { name: '納品する' }));
    expect(await screen.findByRole('status')).toHaveTextContent('「初稿」を納品しました。クライアントの検収をお待ちください。');
    expect(api.called('POST /manuscripts/7/versions/1/deliver')).toHaveLength(1);
  });

  it("words the server's refusal in Japanese: a task that takes no delivery now", async () => {
    mockApi({
      'GET /manuscripts/7/versions': { body: [version(1, '初稿', '2026-11-28T15:30:00Z')] },
      'POST /manuscripts/7/versions/1/deliver': {
        status: 422,
        body: { error: { message: '入力内容を確認してください', rules: { status: ['transition:done,under_acceptance'] } } },
      },
    });
    render(<VersionsPanel manuscriptId={7} canCreate canDeliver />);
    await userEvent.click(await screen.findByRole('button', { name: 'この版を納品' }));
    await userEvent.click(within(screen.getByTestId('confirm-deliver-version')).getByRole('button', { name: '納品する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('タスクを「完了」から「検収中」には変更できません');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
