import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { RouteGate } from '../access';
import InformationAddRoute from './add';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  resetAll();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/information/add']}>
      <Routes>
        <Route
          path="/information/add"
          element={
            <RouteGate route="informationAdd">
              <InformationAddRoute />
            </RouteGate>
          }
        />
        <Route path="/information" element={<h1>お知らせ一覧のページ</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const created = { id: 5, title: 't', url: null, body: 'b', scheduled_start_date: '2026-11-27T00:00:00Z', is_published: true, audience_roles: [] };

describe('/information/add', () => {
  it('checks the form before sending: a title, and a body or a URL', async () => {
    signInAs('tsumugi_manager');
    const api = mockApi({});
    renderPage();
    await userEvent.type(screen.getByLabelText('URL'), 'ftp://example.jp');
    await userEvent.click(screen.getByRole('button', { name: 'お知らせを登録' }));
    expect(await screen.findByText('必須項目です')).toBeInTheDocument();
    expect(screen.getByText('URLを正しく入力してください')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('URL'));
    await userEvent.click(screen.getByRole('button', { name: 'お知らせを登録' }));
    expect(await screen.findByText('本文かURLのどちらかを入力してください')).toBeInTheDocument();
    expect(api.called('POST /information')).toHaveLength(0);
  });

  it('posts for the chosen roles at the chosen start and goes back to the list', async () => {
    signInAs('tsumugi_admin');
    const api = mockApi({ 'POST /information': { status: 201, body: created } });
    renderPage();
    await userEvent.type(screen.getByLabelText('タイトル'), ' 年末年始のお知らせ ');
    await userEvent.type(screen.getByLabelText('本文'), '12月29日から休業します。');
    await userEvent.click(screen.getByLabelText('クリエイター'));
    await userEvent.click(screen.getByLabelText('クライアント'));
    const start = screen.getByLabelText('公開開始日時');
    await userEvent.clear(start);
    await userEvent.type(start, '2026-12-01T09:00:30');
    await userEvent.click(screen.getByRole('button', { name: 'お知らせを登録' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'お知らせ一覧のページ' })).toBeInTheDocument());
    expect(api.called('POST /information')[0].body).toEqual({
      title: '年末年始のお知らせ',
      body: '12月29日から休業します。',
      url: null,
      audience_roles: ['general', 'client'],
      // jsdom keeps milliseconds a browser leaves out; both are RFC 3339.
      scheduled_start_date: expect.stringMatching(/^2026-12-01T09:00:30(\.000)?\+09:00$/),
    });
  });

  it('sends "now" when the proposed start is left as it is', async () => {
    signInAs('tsumugi_admin');
    const api = mockApi({ 'POST /information': { status: 201, body: created } });
    renderPage();
    expect((screen.getByLabelText('公開開始日時') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await userEvent.type(screen.getByLabelText('タイトル'), 'お知らせ');
    await userEvent.type(screen.getByLabelText('URL'), 'https://tsumugi.jp/news/1');
    await userEvent.click(screen.getByRole('button', { name: 'お知らせを登録' }));
    await waitFor(() => expect(api.called('POST /information')).toHaveLength(1));
    expect(api.called('POST /information')[0].body).toMatchObject({ body: null, url: 'https://tsumugi.jp/news/1', audience_roles: [], scheduled_start_date: null });
  });

  it('puts the server’s rules on the fields in Japanese', async () => {
    signInAs('tsumugi_manager');
    mockApi({
      'POST /information': {
        status: 422,
        body: {
          error: {
            message: '入力内容に誤りがあります。',
            rules: { title: ['max:100'], scheduled_start_date: ['after_or_equal:now'], audience_roles: ['in:general,client'] },
          },
        },
      },
    });
    renderPage();
    await userEvent.type(screen.getByLabelText('タイトル'), 'お知らせ');
    await userEvent.type(screen.getByLabelText('本文'), '本文');
    await userEvent.click(screen.getByRole('button', { name: 'お知らせを登録' }));
    expect(await screen.findByText('100文字以内で入力してください')).toBeInTheDocument();
    expect(screen.getByText('現在以降の日時を入力してください')).toBeInTheDocument();
    expect(screen.getByText('選択肢から選んでください')).toBeInTheDocument();
    expect(screen.getByText('入力内容に誤りがあります。')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'お知らせ一覧のページ' })).not.toBeInTheDocument();
  });

  it.each(['general', 'client', 'tsumugi_accountant'])('is refused to %s', (role) => {
    signInAs(role, { clientId: role === 'client' ? 1 : null });
    mockApi({});
    renderPage();
    expect(screen.getByTestId('forbidden-page')).toBeInTheDocument();
    expect(screen.queryByLabelText('タイトル')).not.toBeInTheDocument();
  });
});
