import { emitWithAck, socketConnected } from '@/lib/socket';
import { joinChannel } from './live';

vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  emitWithAck: vi.fn(),
  socketConnected: vi.fn(() => true),
}));
const emit = vi.mocked(emitWithAck);

afterEach(() => {
  vi.useRealTimers();
  emit.mockReset();
});

describe('joinChannel', () => {
  it('asks again after a timeout or a "try again" answer, while connected, until the room is joined', async () => {
    vi.useFakeTimers();
    emit
      .mockResolvedValueOnce({ error: { message: 'サーバーエラーが発生しました', retry: true } })
      .mockRejectedValueOnce(new Error('operation has timed out'))
      .mockResolvedValueOnce({ data: { channel_id: 3 } });
    const joined = joinChannel(3);
    await vi.runAllTimersAsync();
    await expect(joined).resolves.toBe(true);
    expect(emit).toHaveBeenCalledTimes(3);
    expect(emit).toHaveBeenLastCalledWith('channel:join', { channel_id: 3 });
  });

  it('takes a refusal as final', async () => {
    emit.mockResolvedValue({ error: { message: 'このチャンネルに参加する権限がありません', retry: false } });
    await expect(joinChannel(3)).resolves.toBe(false);
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it('stops asking once the socket is gone (the next connection joins again)', async () => {
    emit.mockRejectedValue(new Error('not connected'));
    vi.mocked(socketConnected).mockReturnValueOnce(false);
    await expect(joinChannel(3)).resolves.toBe(false);
    expect(emit).toHaveBeenCalledTimes(1);
  });
});
