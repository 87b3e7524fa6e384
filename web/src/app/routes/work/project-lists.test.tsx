import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { projectJson } from '@/features/projects/test-fixtures';
import { resetAll } from '@/lib/reset';
import { type Call, mockApi } from '@/test/mock-api';
import { atRoute } from '@/test/route';
import { signInAs } from '@/test/session';
import ProjectJoinsRoute from './project-joins';
import ProjectManagementsRoute from './project-managements';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetAll();
});

/** The moves the server allows a manager or an admin from each status (it decides; the page shows them). */
const OPERATIONS_MOVES: Record<string, string[]> = {
  setting: ['applying'],
  applying: ['setting', 'doing'],
  doing: ['under_acceptance'],
  under_acceptance: ['doing', 'done'],
  done: [],
};

const project = (id: number, name: string, status: string, allowed = OPERATIONS_MOVES[status]) => {
  const { works: _works, ...fields } = projectJson({ id, name, status, updated_at: '2026-11-20T00:00:00Z', allowed_transitions: allowed });
  return fields;
};

const ALL = [project(1, '春の特集', 'setting'), project(2, '京都さんぽ', 'applying'), project(3, '温泉ガイド', 'doing')];

/** The project list, filtered by `status[]` as the server does. */
const listAnswer = (projects = ALL) => (call: Call) => {
  const statuses = call.query.getAll('status[]');
  const hits = statuses.length ? projects.filter((p) => statuses.includes(p.status)) : projects;
  return { body: { projects: hits, current_page: 1, last_page: 1, per_page: 20, total: hits.length } };
};

const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
const buttonsIn = (name: string) => within(rowOf(name)).queryAllByRole('button').map((b) => b.textContent);

function renderAt(url: string, route: ReactNode) {
  render(atRoute(url, route));
}

describe('project management list (/projects/managements)', () => {
  it('offers a manager the moves of each row, filters by status and drops a project moved out of the filter', async () => {
    signInAs('tsumugi_manager');
    const api = mockApi({
      'GET /v2/projects': listAnswer(),
      'PUT /v2/projects/3': ({ body }) => ({ body: project(3, '温泉ガイド', (body as { status: string }).status) }),
    });
    renderAt('/projects/managements', <ProjectManagementsRoute />);

    expect(await screen.findByRole('heading', { name: '管理プロジェクト' })).toBeInTheDocument();
    await screen.findByText('春の特集');
    expect(buttonsIn('春の特集')).toEqual(['募集を開始する']);
    expect(buttonsIn('京都さんぽ')).toEqual(['設定中に戻す', '作業中にする']);
    expect(buttonsIn('温泉ガイド')).toEqual(['検収中にする']);
    expect(within(rowOf('温泉ガイド')).getByText('作業中')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: '作業中' }));
    await waitFor(() => expect(screen.queryByText('春の特集')).not.toBeInTheDocument());
    expect(api.called('GET /v2/projects').at(-1)?.query.getAll('status[]')).toEqual(['doing']);
    expect(screen.getByTestId('project-list').querySelectorAll('li')).toHaveLength(1);

    await userEvent.click(within(rowOf('温泉ガイド')).getByRole('button', { name: '検収中にする' }));
    await waitFor(() => expect(api.called('PUT /v2/projects/3')).toHaveLength(1));
    expect(api.called('PUT /v2/projects/3')[0].body).toEqual({ status: 'under_acceptance' });
    // Now 検収中, it no longer matches the 作業中 filter.
    expect(await screen.findByText('表示できるプロジェクトはまだありません。')).toBeInTheDocument();

    // Unticking the filter lists every status again.
    await userEvent.click(screen.getByRole('checkbox', { name: '作業中' }));
    await screen.findByText('春の特集');
    expect(api.called('GET /v2/projects').at(-1)?.query.getAll('status[]')).toEqual([]);
  });

  it('keeps a moved project in the unfiltered list with its new status, and sends every ticked status', async () => {
    signInAs('tsumugi_manager');
    const api = mockApi({
      'GET /v2/projects': listAnswer(),
      'PUT /v2/projects/1': { body: project(1, '春の特集', 'applying') },
    });
    renderAt('/projects/managements', <ProjectManagementsRoute />);
    await screen.findByText('春の特集');
    await userEvent.click(within(rowOf('春の特集')).getByRole('button', { name: '募集を開始する' }));
    await waitFor(() => expect(buttonsIn('春の特集')).toEqual(['設定中に戻す', '作業中にする']));
    expect(within(rowOf('春の特集')).getByText('募集中')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: '設定中' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '募集中' }));
    await waitFor(() => expect(api.called('GET /v2/projects').at(-1)?.query.getAll('status[]')).toEqual(['setting', 'applying']));
  });

  it('gives an accountant only the owner moves (the operations moves are for managers and admins)', async () => {
    signInAs('tsumugi_accountant');
    // The server answers an accountant with the owner moves only.
    mockApi({
      'GET /v2/projects': listAnswer([
        project(1, '春の特集', 'setting', ['applying']),
        project(2, '京都さんぽ', 'applying', ['setting']),
        project(3, '温泉ガイド', 'doing', []),
      ]),
    });
    renderAt('/projects/managements', <ProjectManagementsRoute />);
    await screen.findByText('京都さんぽ');
    expect(buttonsIn('京都さんぽ')).toEqual(['設定中に戻す']);
    expect(buttonsIn('温泉ガイド')).toEqual([]);
  });

  it('shows a refused move in Japanese and keeps the project as it was', async () => {
    signInAs('tsumugi_admin');
    mockApi({
      'GET /v2/projects': listAnswer(),
      'PUT /v2/projects/2': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { status: ['transition:applying,doing'] } } } },
    });
    renderAt('/projects/managements', <ProjectManagementsRoute />);
    await screen.findByText('京都さんぽ');
    await userEvent.click(within(rowOf('京都さんぽ')).getByRole('button', { name: '作業中にする' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容に誤りがあります。');
    expect(alert).toHaveTextContent('「募集中」から「作業中」には変更できません');
    expect(within(rowOf('京都さんぽ')).getByText('募集中')).toBeInTheDocument();
  });

  it.each([
    ['client', 4],
    ['general', null],
  ])('refuses a %s without asking the server', async (role, clientId) => {
    signInAs(role, { clientId });
    const api = mockApi({ 'GET /v2/projects': listAnswer() });
    renderAt('/projects/managements', <ProjectManagementsRoute />);
    expect(screen.getByTestId('forbidden-page')).toHaveTextContent('アクセスが許可されていません');
    expect(screen.queryByRole('heading', { name: '管理プロジェクト' })).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('joined project list (/projects/joins)', () => {
  it('shows the creator the projects the server scopes, with links and statuses but no filter or moves', async () => {
    signInAs('general', { id: 3 });
    const api = mockApi({ 'GET /v2/projects': listAnswer([project(2, '京都さんぽ', 'applying'), project(3, '温泉ガイド', 'doing')]) });
    renderAt('/projects/joins', <ProjectJoinsRoute />);
    expect(await screen.findByRole('heading', { name: '参加プロジェクト' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '京都さんぽ' })).toHaveAttribute('href', '/projects/2');
    expect(screen.getByRole('link', { name: '温泉ガイド' })).toHaveAttribute('href', '/projects/3');
    expect(within(rowOf('京都さんぽ')).getByText('募集中')).toBeInTheDocument();
    expect(rowOf('温泉ガイド')).toHaveTextContent('デモマガジン（株式会社デモメディア）・作品 1 件');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('project-list')).queryAllByRole('button')).toHaveLength(0);
    expect(api.called('GET /v2/projects')[0].query.getAll('status[]')).toEqual([]);
    expect(api.called('GET /v2/projects')[0].query.get('page')).toBe('1');
  });

  it('searches by keyword and says so when nothing matches', async () => {
    signInAs('general', { id: 3 });
    const api = mockApi({
      'GET /v2/projects': (call) => listAnswer(call.query.get('keyword') === '北海道' ? [] : [project(2, '京都さんぽ', 'applying')])(call),
    });
    renderAt('/projects/joins', <ProjectJoinsRoute />);
    await screen.findByText('京都さんぽ');
    await userEvent.type(screen.getByLabelText('キーワード'), '北海道');
    await userEvent.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByText('表示できるプロジェクトはまだありません。')).toBeInTheDocument();
    expect(api.called('GET /v2/projects').at(-1)?.query.get('keyword')).toBe('北海道');
  });
});
