import { render, screen } from '@testing-library/react';
import { EXPIRED_URL, INVALID_URL } from '@/lib/editor-token';
import { paths } from '@/config/paths';
import { atRoute, routeNameOf } from '@/test/route';
import { pageNames } from '../../router';
import EditorRoute from './editor';

const encode = (payload: unknown) => btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: unknown) => `eyJhbGciOiJIUzI1NiJ9.${encode(payload)}.sig`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

const open = (url: string) => render(atRoute(url, <EditorRoute />));

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

  it('a valid token: the document it names, and no error', () => {
    open(`/editor?token=${jwt({ exp: inAnHour(), manuscript_id: 7, task_id: 12 })}`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('editor-document')).toHaveTextContent('原稿ID 7・タスクID 12');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('原稿エディタ');
  });
});
