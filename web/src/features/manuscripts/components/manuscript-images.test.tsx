import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as Y from 'yjs';
import { generateHTML, generateJSON } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { setTokenProvider } from '@/lib/api-client';
import { mockApi } from '@/test/mock-api';
import { started, stored } from '@/test/fake-uploads';
import { FakeHub } from '../fake-hub';
import ManuscriptEditor from './manuscript-editor';
import { ManuscriptImage } from './manuscript-image';

vi.mock('@/lib/resumable-upload', () => import('@/test/fake-uploads'));

const user = { id: 5, name: '山田 花子' };

/** A paragraph and then an image node, as the editor writes them into the shared document. */
function withImage(doc: Y.Doc, src: string, alt: string) {
  const fragment = doc.getXmlFragment('default');
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText('写真で見る京都')]);
  const image = new Y.XmlElement('image');
  image.setAttribute('src', src);
  image.setAttribute('alt', alt);
  fragment.insert(fragment.length, [paragraph, image]);
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

// jsdom has no object URLs: these stand in, numbered.
const objectUrlApi = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let objectUrls = 0;
beforeEach(() => {
  started.length = 0;
  objectUrls = 0;
  URL.createObjectURL = vi.fn(() => `blob:manuscript/${++objectUrls}`);
  URL.revokeObjectURL = vi.fn();
  setTokenProvider(() => 'session-token');
});
afterEach(() => {
  URL.createObjectURL = objectUrlApi.create;
  URL.revokeObjectURL = objectUrlApi.revoke;
  setTokenProvider(() => null);
  vi.unstubAllGlobals();
});

describe('images in the manuscript', () => {
  it("shows a stored image to whoever opens the manuscript later, fetched with the session's token", async () => {
    const hub = new FakeHub();
    withImage(hub.doc, '/api/files/9', '紅葉.png');
    const api = mockApi({ 'GET /files/9': { body: 'PNG' }, 'GET /manuscripts/7/comments': { body: [] } });
    render(<ManuscriptEditor manuscriptId={7} permission="comment" user={user} transport={hub.socket('comment', 5)} />);

    await waitFor(() => expect(screen.getByRole('img', { name: '紅葉.png' })).toHaveAttribute('src', 'blob:manuscript/1'));
    const [call] = api.called('GET /files/9');
    expect(call).toBeDefined();
    const init = api.fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/files/9'))?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
  });

  it('says so when an image cannot be shown, and never loads an address that is not the web', async () => {
    const hub = new FakeHub();
    withImage(hub.doc, '/api/files/10', '削除済み.png');
    withImage(hub.doc, 'javascript:alert(1)', '危ない');
    withImage(hub.doc, 'https://example.jp/a.png', '外部');
    mockApi({ 'GET /files/10': { status: 403, body: { error: { message: 'アクセスが許可されていません' } } }, 'GET /manuscripts/7/comments': { body: [] } });
    render(<ManuscriptEditor manuscriptId={7} permission="comment" user={user} transport={hub.socket('comment', 5)} />);

    await waitFor(() => expect(screen.getByRole('img', { name: '削除済み.png' })).toHaveTextContent('画像を表示できません（削除済み.png）'));
    expect(screen.getByRole('img', { name: '危ない' }).tagName).toBe('SPAN');
    expect(screen.getByRole('img', { name: '外部' })).toHaveAttribute('src', 'https://example.jp/a.png');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('uploads a chosen image for the manuscript, puts it in, and inserts its node for everyone', async () => {
    const hub = new FakeHub();
    const api = mockApi({
      'GET /manuscripts/7/comments': { body: [] },
      'POST /manuscripts/7/images': ({ body }) => ({
        status: 201,
        body: { file: { ...snake(stored(55, '紅葉.png', 'clean', 'image/png')), path: 'private/55.png' }, src: `/api/files/${(body as { file_id: number }).file_id}` },
      }),
      'GET /files/55': { body: 'PNG' },
    });
    render(<ManuscriptEditor manuscriptId={7} permission="edit" user={user} transport={hub.socket('edit', 5)} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));

    const toolbar = screen.getByRole('toolbar', { name: '書式' });
    expect(within(toolbar).getByRole('button', { name: '画像' })).toBeEnabled();
    await userEvent.upload(screen.getByLabelText('原稿に入れる画像'), png('紅葉.png'));
    expect(started).toHaveLength(1);
    expect(started[0].use).toBe('manuscript_image');
    act(() => started[0].callbacks.onProgress(2, 4));
    expect(within(toolbar).getByTestId('upload-item')).toHaveTextContent('紅葉.png');
    expect(within(toolbar).getByTestId('upload-status')).toHaveTextContent('50%');
    expect(within(toolbar).getByRole('button', { name: '一時停止' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: '画像' })).toBeDisabled();

    act(() => started[0].callbacks.onSuccess(stored(55, '紅葉.png', 'clean', 'image/png')));
    await waitFor(() => expect(screen.getByRole('img', { name: '紅葉.png' })).toHaveAttribute('src', 'blob:manuscript/1'));
    expect(api.called('POST /manuscripts/7/images')[0].body).toEqual({ file_id: 55 });
    // The node holds the stable reference, not the object URL: it reaches the hub and every other editor.
    await vi.waitFor(() => expect(hub.text()).toContain('src="/api/files/55"'));
    expect(hub.text()).toContain('alt="紅葉.png"');
    await vi.waitFor(() => expect(screen.queryByTestId('upload-item')).not.toBeInTheDocument());
    expect(within(toolbar).getByRole('button', { name: '画像' })).toBeEnabled();
  });

  it("shows the server's reason in Japanese when an upload or the putting in is refused, and inserts nothing", async () => {
    const hub = new FakeHub();
    mockApi({
      'GET /manuscripts/7/comments': { body: [] },
      'POST /manuscripts/7/images': { status: 403, body: { error: { message: 'アクセスが許可されていません' } } },
    });
    render(<ManuscriptEditor manuscriptId={7} permission="edit" user={user} transport={hub.socket('edit', 5)} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));

    await userEvent.upload(screen.getByLabelText('原稿に入れる画像'), png('大きな写真.png'));
    const tooLarge = { error: { message: '画像が大きすぎます。原稿に入れられる画像は10 MBまでです。', rules: { file: ['max:10240'] } } };
    act(() => started[0].callbacks.onError(413, tooLarge));
    expect(screen.getByRole('alert')).toHaveTextContent('画像が大きすぎます。原稿に入れられる画像は10 MBまでです。');

    await userEvent.upload(screen.getByLabelText('原稿に入れる画像'), png('図.png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => started[1].callbacks.onSuccess(stored(56, '図.png', 'clean', 'image/png')));
    expect(await screen.findByRole('alert')).toHaveTextContent('アクセスが許可されていません');
    expect(hub.text()).not.toContain('<image');
    expect(screen.getByRole('button', { name: '画像' })).toBeEnabled();
  });

  it('waits for the scan before putting an image in, and refuses an infected one', async () => {
    const hub = new FakeHub();
    const api = mockApi({ 'GET /manuscripts/7/comments': { body: [] } });
    render(<ManuscriptEditor manuscriptId={7} permission="edit" user={user} transport={hub.socket('edit', 5)} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));
    await userEvent.upload(screen.getByLabelText('原稿に入れる画像'), png('紅葉.png'));
    act(() => started[0].callbacks.onSuccess(stored(57, '紅葉.png', 'scanning', 'image/png')));
    expect(screen.getByTestId('upload-status')).toHaveTextContent('ウイルスチェック中');
    expect(screen.getByRole('button', { name: '画像' })).toBeDisabled();
    act(() => started[0].callbacks.onScanned(stored(57, '紅葉.png', 'infected', 'image/png')));
    expect(screen.getByRole('alert')).toHaveTextContent('ウイルスが検出されたため、このファイルは使えません');
    expect(api.called('POST /manuscripts/7/images')).toHaveLength(0);
  });

  it('gives a suggester the image button alone, and the image inserted becomes their suggestion', async () => {
    const hub = new FakeHub();
    mockApi({
      'GET /manuscripts/7/comments': { body: [] },
      'POST /manuscripts/7/images': { status: 201, body: { file: snake(stored(58, '図.png', 'clean', 'image/png')), src: '/api/files/58' } },
      'GET /files/58': { body: 'PNG' },
    });
    render(<ManuscriptEditor manuscriptId={7} permission="suggest" user={user} transport={hub.socket('suggest', 5)} />);
    await vi.waitFor(() => expect(screen.getByTestId('manuscript-status')).toHaveTextContent('同期済み'));
    expect(screen.queryByRole('toolbar', { name: '書式' })).not.toBeInTheDocument();
    const insert = screen.getByRole('toolbar', { name: '挿入' });
    expect(within(insert).getByRole('button', { name: '画像' })).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('原稿に入れる画像'), png('図.png'));
    act(() => started[0].callbacks.onSuccess(stored(58, '図.png', 'clean', 'image/png')));
    await screen.findByRole('img', { name: '図.png' });
    expect(await screen.findByText('［画像：図.png］')).toBeInTheDocument();
    await vi.waitFor(() => expect(hub.text()).toMatch(/<image[^>]*suggestionId="[0-9a-f]{16}"/));
    expect(hub.text()).toContain('authorName="山田 花子"');
  });
});


describe("the image node's plain HTML", () => {
  const extensions = [StarterKit, ManuscriptImage];
  const doc = (src: string) => ({ type: 'doc', content: [{ type: 'image', attrs: { src, alt: '紅葉.png' } }] });

  it('never names a stored file as a loadable src (the editor falls back to it when the page is left), and reads it back', () => {
    const html = generateHTML(doc('/api/files/9'), extensions);
    expect(html).toContain('data-file-src="/api/files/9"');
    expect(html).not.toMatch(/\ssrc=/);
    expect(generateJSON(html, extensions).content[0].attrs).toMatchObject({ src: '/api/files/9', alt: '紅葉.png' });
  });

  it('keeps a web address as src, and reads a pasted <img src> as before', () => {
    expect(generateHTML(doc('https://example.jp/a.png'), extensions)).toContain('src="https://example.jp/a.png"');
    const pasted = generateJSON('<img src="/api/files/3" alt="a">', extensions);
    expect(pasted.content[0].attrs).toMatchObject({ src: '/api/files/3' });
  });
});

/** The File record as the server sends it (the API client camelizes it again). */
function snake(file: ReturnType<typeof stored>) {
  return {
    id: file.id,
    name: file.name,
    path: file.path,
    user_id: file.userId,
    user_role_type: file.userRoleType,
    updated: file.updated,
    anti_virus_check_scan_status: file.antiVirusCheckScanStatus,
    content_type: file.contentType,
    size: file.size,
    width: file.width,
    height: file.height,
  };
}
