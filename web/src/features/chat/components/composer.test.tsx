import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@/test/mock-api';
import { Composer } from './composer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
});
