import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { atRoute } from '@/test/route';
import { signInAs } from '@/test/session';
import OfferTemplatesRoute from './offer-templates';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAll();
});

const seeded = [
  { id: 1, name: '記事執筆のご依頼', body: 'このたびは記事執筆のご相談です。' },
  { id: 2, name: '校正のご依頼', body: '校正作業のご相談です。' },
];

function renderPage() {
  render(atRoute('/admins/offer_templates', <OfferTemplatesRoute />));
}

const list = () => screen.getByTestId('offer-template-list');
const names = () => within(list()).queryAllByRole('listitem').map((row) => row.querySelector('strong')?.textContent);

describe('offer templates page', () => {
  it('lists the templates, adds one, edits it and deletes it', async () => {
    signInAs('tsumugi_manager');
    const browserConfirm = vi.spyOn(window, 'confirm');
    const api = mockApi({
      'GET /offer_templates': { body: seeded },
      'POST /offer_templates': ({ body }) => ({ status: 201, body: { id: 3, ...(body as object) } }),
      'PUT /offer_templates/3': ({ body }) => ({ body: { id: 3, ...(body as object) } }),
      'DELETE /offer_templates/3': { status: 204 },
    });
    renderPage();
    await waitFor(() => expect(names()).toEqual(['記事執筆のご依頼', '校正のご依頼']));
    expect(list()).toHaveTextContent('このたびは記事執筆のご相談です。');

    // Add: the name is trimmed, the body sent as typed; the form empties afterwards.
    expect(screen.getByRole('button', { name: 'テンプレートを追加' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('テンプレート名'), '  取材記事のご依頼 ');
    await userEvent.type(screen.getByLabelText('本文'), '取材記事の執筆をお願いします。');
    await userEvent.click(screen.getByRole('button', { name: 'テンプレートを追加' }));
    await waitFor(() => expect(names()).toEqual(['記事執筆のご依頼', '校正のご依頼', '取材記事のご依頼']));
    expect(api.called('POST /offer_templates')[0].body).toEqual({ name: '取材記事のご依頼', body: '取材記事の執筆をお願いします。' });
    expect(screen.getByLabelText('テンプレート名')).toHaveValue('');
    expect(screen.getByLabelText('本文')).toHaveValue('');

    // Edit: the form fills with the template and saves to its id.
    await userEvent.click(screen.getByRole('button', { name: '取材記事のご依頼を編集' }));
    expect(screen.getByRole('heading', { name: '「取材記事のご依頼」を編集' })).toBeInTheDocument();
    expect(screen.getByLabelText('テンプレート名')).toHaveValue('取材記事のご依頼');
    expect(screen.getByLabelText('本文')).toHaveValue('取材記事の執筆をお願いします。');
    await userEvent.clear(screen.getByLabelText('テンプレート名'));
    await userEvent.type(screen.getByLabelText('テンプレート名'), '取材記事のご依頼（改）');
    await userEvent.click(screen.getByRole('button', { name: 'テンプレートを更新' }));
    await waitFor(() => expect(names()).toEqual(['記事執筆のご依頼', '校正のご依頼', '取材記事のご依頼（改）']));
    expect(api.called('PUT /offer_templates/3')[0].body).toEqual({ name: '取材記事のご依頼（改）', body: '取材記事の執筆をお願いします。' });
    expect(screen.getByRole('heading', { name: 'テンプレートを追加' })).toBeInTheDocument();
    expect(screen.getByLabelText('テンプレート名')).toHaveValue('');

    // Delete: asked first, then gone from the list.
    await userEvent.click(screen.getByRole('button', { name: '取材記事のご依頼（改）を削除' }));
    const dialog = screen.getByRole('dialog', { name: 'テンプレート「取材記事のご依頼（改）」を削除しますか？' });
    expect(api.called('DELETE /offer_templates/3')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(browserConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(names()).toEqual(['記事執筆のご依頼', '校正のご依頼']));
    expect(api.called('DELETE /offer_templates/3')).toHaveLength(1);
    expect(api.called('POST /offer_templates')).toHaveLength(1);
  });

  it('keeps a template when the deletion is not confirmed', async () => {
    signInAs('tsumugi_admin');
    const api = mockApi({ 'GET /offer_templates': { body: seeded } });
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: '校正のご依頼を削除' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.called('DELETE /offer_templates/2')).toHaveLength(0);
    expect(names()).toEqual(['記事執筆のご依頼', '校正のご依頼']);
  });

  it('shows a refused template (422) in Japanese and keeps what was typed', async () => {
    signInAs('tsumugi_manager');
    mockApi({
      'GET /offer_templates': { body: seeded },
      'POST /offer_templates': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { name: ['max:100'], body: ['max:5000'] } } } },
    });
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.type(screen.getByLabelText('テンプレート名'), '長すぎる名前');
    await userEvent.type(screen.getByLabelText('本文'), '本文');
    await userEvent.click(screen.getByRole('button', { name: 'テンプレートを追加' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容に誤りがあります。');
    expect(alert).toHaveTextContent('テンプレート名: 100文字以内で入力してください');
    expect(alert).toHaveTextContent('本文: 5000文字以内で入力してください');
    expect(screen.getByLabelText('テンプレート名')).toHaveValue('長すぎる名前');
    expect(names()).toHaveLength(2);
  });

  it('leaves the edit form when the template being edited is deleted', async () => {
    signInAs('tsumugi_manager');
    const api = mockApi({
      'GET /offer_templates': { body: seeded },
      'DELETE /offer_templates/2': { status: 204 },
      'POST /offer_templates': ({ body }) => ({ status: 201, body: { id: 3, ...(body as object) } }),
    });
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: '校正のご依頼を編集' }));
    expect(screen.getByRole('heading', { name: '「校正のご依頼」を編集' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '校正のご依頼を削除' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(names()).toEqual(['記事執筆のご依頼']));
    // The form is back to adding: saving must not update the template that no longer exists.
    expect(screen.getByRole('heading', { name: 'テンプレートを追加' })).toBeInTheDocument();
    expect(screen.getByLabelText('テンプレート名')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('テンプレート名'), '新しいテンプレート');
    await userEvent.click(screen.getByRole('button', { name: 'テンプレートを追加' }));
    await waitFor(() => expect(api.called('POST /offer_templates')).toHaveLength(1));
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('refuses a non-staff user without asking the server', async () => {
    signInAs('client', { clientId: 4 });
    const api = mockApi({ 'GET /offer_templates': { body: seeded } });
    renderPage();
    expect(screen.getByTestId('forbidden-page')).toHaveTextContent('アクセスが許可されていません');
    expect(screen.queryByTestId('offer-template-list')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
