import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { manuscriptJson } from '@/test/manuscript-fixtures';
import { mockApi } from '@/test/mock-api';
import { ManuscriptSection } from './manuscript-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The section shows the counts the server sends. */
const manuscript = () => manuscriptJson({ counts: { total: 1234, without_punctuation: 1200, sections: [] } });
const link = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  permission: 'comment',
  expires_at: '2099-12-01T00:00:00Z',
  revoked_at: null as string | null,
  created_by_name: '山田 花子',
  url: `/editor?token=tok${id}`,
  ...overrides,
});

const renderSection = () =>
  render(
    <MemoryRouter>
      <ManuscriptSection taskId={12} />
    </MemoryRouter>,
  );

describe('ManuscriptSection', () => {
  it('creates the manuscript when the task has none, then offers to open it', async () => {
    const api = mockApi({
      'GET /tasks/12/manuscript': { status: 404, body: { error: { message: 'お探しのデータは存在しません' } } },
      'POST /tasks/12/manuscript': { status: 201, body: manuscript() },
    });
    renderSection();
    await userEvent.click(await screen.findByTestId('manuscript-create'));
    expect(api.called('POST /tasks/12/manuscript')).toHaveLength(1);
    expect(await screen.findByTestId('manuscript-open')).toHaveAttribute('href', '/manuscripts/7');
    expect(screen.getByTestId('manuscript-section')).toHaveTextContent('1,234文字（句読点を除く 1,200文字）');
    expect(screen.queryByTestId('manuscript-create')).not.toBeInTheDocument();
  });

  it("shows the server's refusal to create (a task type that is not text)", async () => {
    mockApi({
      'GET /tasks/12/manuscript': { status: 404 },
      'POST /tasks/12/manuscript': { status: 422, body: { error: { message: 'このタスクの種別では原稿を作成できません', rules: {} } } },
    });
    renderSection();
    await userEvent.click(await screen.findByTestId('manuscript-create'));
    expect(await screen.findByRole('alert')).toHaveTextContent('このタスクの種別では原稿を作成できません');
  });

  it('offers no link dialog without can_issue_links', async () => {
    mockApi({ 'GET /tasks/12/manuscript': { body: manuscriptJson({ permission: 'suggest', can_issue_links: false }) } });
    renderSection();
    expect(await screen.findByTestId('manuscript-open')).toBeInTheDocument();
    expect(screen.queryByTestId('manuscript-links-open')).not.toBeInTheDocument();
    expect(screen.getByTestId('manuscript-section')).toHaveTextContent('権限: 提案');
  });

  it('issues a link with the chosen permission and lifetime, shows its full URL, lists and revokes links', async () => {
    let links = [link(1, { permission: 'edit' })];
    const api = mockApi({
      'GET /tasks/12/manuscript': { body: manuscript() },
      'GET /manuscripts/7/links': () => ({ body: links }),
      'POST /manuscripts/7/links': () => {
        const created = link(2, { permission: 'suggest', token: 'tok2' });
        links = [created, ...links];
        return { status: 201, body: created };
      },
      'DELETE /manuscripts/7/links/1': () => {
        links = links.map((l) => (l.id === 1 ? { ...l, revoked_at: '2026-11-29T02:00:00Z' } : l));
        return { status: 204 };
      },
    });
    renderSection();
    await userEvent.click(await screen.findByTestId('manuscript-links-open'));
    const dialog = screen.getByTestId('manuscript-link-dialog');
    await within(dialog).findByText('山田 花子');
    await userEvent.click(within(dialog).getByRole('radio', { name: /提案/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /7日/ }));
    await userEvent.click(within(dialog).getByTestId('manuscript-link-create'));
    expect(await within(dialog).findByTestId('manuscript-link-url')).toHaveValue(`${window.location.origin}/editor?token=tok2`);
    expect(api.called('POST /manuscripts/7/links')[0].body).toEqual({ permission: 'suggest', expires_in_hours: 168 });

    const list = within(dialog).getByTestId('manuscript-links');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const first = within(list).getAllByRole('listitem')[1];
    await userEvent.click(within(first).getByRole('button', { name: '取り消す' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('取り消し済み（2026/11/29 11:00）'));
    expect(api.called('DELETE /manuscripts/7/links/1')).toHaveLength(1);
    expect(within(within(list).getAllByRole('listitem')[1]).queryByRole('button', { name: '取り消す' })).not.toBeInTheDocument();
  });
});
