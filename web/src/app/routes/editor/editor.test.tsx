import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { EXPIRED_URL, INVALID_URL } from '@/lib/editor-token';
import { paths } from '@/config/paths';
import { resetAll } from '@/lib/reset';
import { manuscriptJson } from '@/test/manuscript-fixtures';
import { mockApi } from '@/test/mock-api';
import { atRoute, routeNameOf } from '@/test/route';
import { signInAs } from '@/test/session';
import { pageNames } from '../../router';
import EditorRoute from './editor';

const encode = (payload: unknown) => btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: unknown) => `eyJhbGciOiJIUzI1NiJ9.${encode(payload)}.sig`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

const open = (url: string) => render(atRoute(url, <EditorRoute />));

afterEach(() => {
  resetAll();
  vi.unstubAllGlobals();
});


describe('the editor link route', () => {
  it('is a public route of the table with a page of its own', () => {
    expect(routeNameOf('/editor?token=x')).toBe('editor');
    expect(paths.editor.private).toBe(false);
    expect(pageNames).toContain('editor');
  });

  it.each([
    ['no token', '/editor'],
    ['an empty token', '/editor?token='],
    ['two tokens', `/editor?token=${jwt({ exp: inAnHour() })}&token=${jwt({ exp: inAnHour() })}`],
    ['an undecodable token', '/editor?token=not.a-token!.x'],
    ['an empty payload', `/editor?token=${jwt({})}`],
    ['a payload without exp', `/editor?token=${jwt({ manuscript_id: 7 })}`],
  ])('%s: 「無効なURLです」', (_, url) => {
    open(url);
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_URL);
    expect(screen.queryByTestId('editor-document')).not.toBeInTheDocument();
  });

  it('an expired token: the expiry message', () => {
    open(`/editor?token=${jwt({ exp: Math.floor(Date.now() / 1000) - 60, manuscript_id: 7 })}`);
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED_URL);
  });

  it('a valid token, not logged in: the login page, which comes back here', () => {
    const url = `/editor?token=${jwt({ exp: inAnHour(), manuscript_id: 7 })}`;
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/" element={<p>ログイン画面</p>} />
          <Route path="/editor" element={<EditorRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('ログイン画面')).toBeInTheDocument();
  });

  it('a valid token, a member: the server resolves it and the editor opens with the effective permission', async () => {
    signInAs('client', { id: 9, clientId: 3 });
    const token = jwt({ exp: inAnHour(), manuscript_id: 7, link_id: 2, permission: 'comment' });
    const api = mockApi({
      'GET /editor/resolve': { body: { manuscript_id: 7, permission: 'comment' } },
      'GET /manuscripts/7': { body: manuscriptJson({ permission: 'comment', can_issue_links: false }) },
      'GET /manuscripts/7/versions': { body: [] },
      'GET /manuscripts/7/comments': { body: [] },
    });
    open(`/editor?token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: '春の特集 原稿' })).toBeInTheDocument();
    expect(api.called('GET /editor/resolve')[0].query.get('token')).toBe(token);
    expect(await screen.findByTestId('manuscript-permission', {}, { timeout: 5000 })).toHaveTextContent('コメント');
    // The comments are read through the link: the server checks it again.
    await waitFor(() => expect(api.called('GET /manuscripts/7/comments')[0]?.query.get('token')).toBe(token));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Comment permission saves no versions.
    expect(screen.queryByTestId('manuscript-version-save')).not.toBeInTheDocument();
  });

  it("a link the server refuses (revoked, expired on its clock): the server's message", async () => {
    signInAs('general');
    mockApi({ 'GET /editor/resolve': { status: 400, body: { error: { message: INVALID_URL } } } });
    open(`/editor?token=${jwt({ exp: inAnHour(), manuscript_id: 7 })}`);
    expect(await screen.findByTestId('editor-link-error')).toHaveTextContent(INVALID_URL);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('原稿エディタ');
  });
});
