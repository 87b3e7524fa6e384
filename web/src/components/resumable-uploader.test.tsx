import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { big, MB, started, stored } from '@/test/fake-uploads';
import { ResumableUploader } from './resumable-uploader';

vi.mock('@/lib/resumable-upload', () => import('@/test/fake-uploads'));

afterEach(() => {
  started.length = 0;
});

describe('ResumableUploader', () => {
  it('uploads several chosen files at once, each with its own progress, and hands over the finished ones', async () => {
    const onFiles = vi.fn();
    render(<ResumableUploader label="納品ファイル" use="delivery" multiple onFiles={onFiles} />);
    await userEvent.upload(screen.getByLabelText('納品ファイル'), [big('本編.mp4', 100 * MB), big('予告.mp4', 10 * MB)]);
    expect(started.map((s) => s.file.name)).toEqual(['本編.mp4', '予告.mp4']);
    expect(onFiles).toHaveBeenLastCalledWith([], true);

    act(() => started[0].callbacks.onProgress(25 * MB, 100 * MB));
    const [first, second] = screen.getAllByTestId('upload-status');
    expect(first).toHaveTextContent('25%・25.0 MB / 100.0 MB');
    expect(second).toHaveTextContent('0%');
    expect(screen.getByRole('progressbar', { name: '本編.mp4の送信状況' })).toHaveAttribute('aria-valuenow', '25');

    act(() => started[1].callbacks.onSuccess(stored(8, '予告.mp4')));
    act(() => started[0].callbacks.onSuccess(stored(7, '本編.mp4')));
    expect(onFiles).toHaveBeenLastCalledWith([stored(7, '本編.mp4'), stored(8, '予告.mp4')], false);
    expect(screen.getAllByTestId('upload-status')[0]).toHaveTextContent('アップロード完了');
  });

  it('pauses and resumes, and waits for the network after a drop', async () => {
    render(<ResumableUploader label="納品ファイル" hint="動画は5GiBまで" use="delivery" onFiles={() => {}} />);
    expect(screen.getByLabelText('納品ファイル')).toHaveAccessibleDescription(expect.stringContaining('動画は5GiBまで'));
    await userEvent.upload(screen.getByLabelText('納品ファイル'), big('本編.mp4', 100 * MB));
    act(() => started[0].callbacks.onProgress(40 * MB, 100 * MB));
    await userEvent.click(screen.getByRole('button', { name: '一時停止' }));
    expect(started[0].pause).toHaveBeenCalled();
    expect(screen.getByTestId('upload-status')).toHaveTextContent('一時停止中（40%）');
    await userEvent.click(screen.getByRole('button', { name: '再開' }));
    expect(started[0].resume).toHaveBeenCalled();

    act(() => started[0].callbacks.onWaiting());
    expect(screen.getByTestId('upload-status')).toHaveTextContent('通信が途切れました。再開を待っています（40%）');
    act(() => started[0].callbacks.onProgress(60 * MB, 100 * MB));
    expect(screen.getByTestId('upload-status')).toHaveTextContent('60%');
  });

  it("shows each refusal in Japanese, and a cancelled upload leaves the list", async () => {
    const onFiles = vi.fn();
    render(<ResumableUploader label="納品ファイル" use="delivery" multiple onFiles={onFiles} />);
    await userEvent.upload(screen.getByLabelText('納品ファイル'), [big('巨大.png', 40 * MB), big('setup.exe', MB), big('第2稿.mp4', MB)]);
    act(() =>
      started[0].callbacks.onError(413, { error: { message: 'ファイルが大きすぎます。画像は30 MBまでアップロードできます。', rules: { file: ['max:29296'] } } }),
    );
    act(() => started[1].callbacks.onError(422, { error: { message: 'プログラム（実行ファイル）はアップロードできません。', rules: { file: ['mimes'] } } }));
    const alerts = screen.getAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('画像は30 MBまでアップロードできます');
    expect(alerts[1]).toHaveTextContent('プログラム（実行ファイル）はアップロードできません');
    expect(screen.queryByRole('button', { name: '再開' })).not.toBeInTheDocument();

    act(() => started[2].callbacks.onSuccess(stored(9, '第2稿.mp4', 'scanning')));
    expect(screen.getAllByTestId('upload-status')[2]).toHaveTextContent('ウイルスチェック中');
    await userEvent.click(screen.getByRole('button', { name: '巨大.pngを取り消す' }));
    expect(started[0].cancel).toHaveBeenCalled();
    expect(screen.getAllByTestId('upload-item')).toHaveLength(2);
  });

  it('shows speed and remaining time, and offers to resume after the network gave up', async () => {
    const now = vi.spyOn(Date, 'now');
    render(<ResumableUploader label="納品ファイル" use="delivery" onFiles={() => {}} />);
    await userEvent.upload(screen.getByLabelText('納品ファイル'), big('本編.mp4', 100 * MB));
    now.mockReturnValue(10_000);
    act(() => started[0].callbacks.onProgress(10 * MB, 100 * MB));
    now.mockReturnValue(12_000);
    act(() => started[0].callbacks.onProgress(30 * MB, 100 * MB));
    // 20 MB in 2 s: 10 MB a second, 70 MB to go.
    expect(screen.getByTestId('upload-status')).toHaveTextContent('30%・30.0 MB / 100.0 MB・10.0 MB/秒・残り約7秒');

    act(() => started[0].callbacks.onError(0, null));
    expect(screen.getByRole('alert')).toHaveTextContent('通信できませんでした。接続を確かめて「再開」を押してください。');
    await userEvent.click(screen.getByRole('button', { name: '再開' }));
    expect(started[0].resume).toHaveBeenCalled();
    expect(screen.getByRole('progressbar', { name: '本編.mp4の送信状況' })).toHaveAttribute('aria-valuenow', '30');
    now.mockRestore();
  });
});
