import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { big, MB, started, stored } from '@/test/fake-uploads';
import { mockApi } from '@/test/mock-api';
import { clearDrafts, draftKey } from '../drafts';
import type { Message } from '../types';
import { Composer } from './composer';

vi.mock('@/lib/resumable-upload', () => import('@/test/fake-uploads'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  started.length = 0;
});

const TOO_MANY = 'メッセージの送信が多すぎます。しばらくしてから再度お試しください。';

describe('composer', () => {
  it("shows the server's 429 message and keeps the draft to send again", async () => {
    let refuse = true;
    const api = mockApi({
      'POST /channels/5/messages': () =>
        refuse
          ? { status: 429, body: { error: { message: TOO_MANY } }, headers: { 'retry-after': '3' } }
          : { status: 201, body: { id: 1, channel_id: 5, body: '連絡です' } },
    });
    render(<Composer channelId={5} members={[]} disabled={false} editing={null} onEditDone={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'メッセージを入力' });
    await userEvent.type(box, '連絡です');
    await userEvent.click(screen.getByRole('button', { name: '送信' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(box).toHaveValue('連絡です');

    // Later the same draft goes out with the same client message id (stored once at most).
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: '送信' }));
    expect(await screen.findByRole('textbox', { name: 'メッセージを入力' })).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    const [first, second] = api.called('POST /channels/5/messages');
    expect((second.body as { client_message_id: string }).client_message_id).toBe((first.body as { client_message_id: string }).client_message_id);
  });

  it('sends attachments as resumable uploads with their progress, and attaches the finished ones', async () => {
    const api = mockApi({ 'POST /channels/5/messages': { status: 201, body: { id: 1, channel_id: 5, body: '資料です' } } });
    render(<Composer channelId={5} members={[]} disabled={false} editing={null} onEditDone={() => {}} />);
    await userEvent.upload(screen.getByLabelText(/ファイルを添付/), [big('打合せ.mp4', 50 * MB), big('資料.pdf', MB, 'application/pdf')]);
    expect(started.map((upload) => [upload.file.name, upload.use])).toEqual([
      ['打合せ.mp4', 'message'],
      ['資料.pdf', 'message'],
    ]);
    act(() => started[0].callbacks.onProgress(25 * MB, 50 * MB));
    expect(screen.getAllByTestId('upload-status')[0]).toHaveTextContent('50%・25.0 MB / 50.0 MB');
    expect(screen.getByRole('button', { name: '打合せ.mp4を取り消す' })).toHaveTextContent('キャンセル');
    act(() => started[1].callbacks.onSuccess(stored(31, '資料.pdf', 'clean', 'application/pdf')));

    await userEvent.type(screen.getByRole('textbox', { name: 'メッセージを入力' }), '資料です');
    await userEvent.click(screen.getByRole('button', { name: '送信' }));
    expect(await screen.findByRole('textbox', { name: 'メッセージを入力' })).toHaveValue('');
    expect((api.called('POST /channels/5/messages')[0].body as { file_ids: number[] }).file_ids).toEqual([31]);
    // The sent file leaves the composer; the one still on its way stays for the next message.
    const left = screen.getAllByTestId('upload-item');
    expect(left).toHaveLength(1);
    expect(left[0]).toHaveTextContent('打合せ.mp4');
  });

  it('keeps an unsent draft per user and channel across a reload, and forgets it once sent', async () => {
    mockApi({ 'POST /channels/5/messages': () => ({ status: 201, body: { id: 1, channel_id: 5, body: '下書き' } }) });
    const composer = (channelId: number, userId = 1) => (
      <Composer key={`${userId}-${channelId}`} channelId={channelId} members={[]} disabled={false} editing={null} onEditDone={() => {}} draftKey={draftKey(userId, channelId)} />
    );
    const view = render(composer(5));
    await userEvent.type(screen.getByRole('textbox', { name: 'メッセージを入力' }), '下書き');
    view.unmount();

    // A reload: the same user and channel get it back; another channel or another user do not.
    const again = render(composer(5));
    expect(screen.getByRole('textbox', { name: 'メッセージを入力' })).toHaveValue('下書き');
    again.rerender(composer(6));
    expect(screen.getByRole('textbox', { name: 'メッセージを入力' })).toHaveValue('');
    again.rerender(composer(5, 2));
    expect(screen.getByRole('textbox', { name: 'メッセージを入力' })).toHaveValue('');

    again.rerender(composer(5));
    await userEvent.click(screen.getByRole('button', { name: '送信' }));
    expect(await screen.findByRole('textbox', { name: 'メッセージを入力' })).toHaveValue('');
    again.unmount();
    render(composer(5));
    expect(screen.getByRole('textbox', { name: 'メッセージを入力' })).toHaveValue('');
  });

  it('lets the draft wait while a message is edited, and logging out removes drafts', async () => {
    mockApi({ 'PUT /channels/5/messages/9': () => ({ status: 200, body: {} }) });
    const key = draftKey(1, 5);
    localStorage.setItem(key, '書きかけ');
    function Page() {
      // As the channel page holds it: the message being edited, until the composer is done with it.
      const [editing, setEditing] = useState<Message | null>({ id: 9, body: '元の文' } as Message);
      return <Composer channelId={5} members={[]} disabled={false} editing={editing} onEditDone={() => setEditing(null)} draftKey={key} />;
    }
    render(<Page />);
    const box = screen.getByRole('textbox', { name: 'メッセージを入力' });
    expect(box).toHaveValue('元の文');
    await userEvent.type(box, '（修正）');
    expect(localStorage.getItem(key)).toBe('書きかけ');
    await userEvent.click(screen.getByRole('button', { name: '更新' }));
    expect(await screen.findByRole('textbox', { name: 'メッセージを入力' })).toHaveValue('書きかけ');

    clearDrafts();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('suggests members by the kana reading of their name as well as by the name shown', async () => {
    const members = [
      { id: 7, userName: '佐藤 健', nameKana: 'サトウ ケン', roleType: 'editor_assistant', imageFile: null },
      { id: 8, userName: '山田 花子', nameKana: 'ヤマダ ハナコ', roleType: 'general', imageFile: null },
    ];
    render(<Composer channelId={5} members={members} disabled={false} editing={null} onEditDone={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'メッセージを入力' });
    const options = () => screen.queryAllByRole('option').map((o) => o.textContent);
    await userEvent.type(box, '@さとう');
    expect(options()).toEqual(['佐藤 健']);
    await userEvent.clear(box);
    await userEvent.type(box, '@ﾔﾏﾀﾞ');
    expect(options()).toEqual(['山田 花子']);
    await userEvent.clear(box);
    await userEvent.type(box, '@山田');
    expect(options()).toEqual(['山田 花子']);
  });
});
