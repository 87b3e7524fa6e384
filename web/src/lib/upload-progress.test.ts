import { formatBytes, formatRemaining, progressLine, refusalMessage, SpeedMeter, type UploadItemView } from './upload-progress';

const item = (change: Partial<UploadItemView>): UploadItemView => ({
  name: '本編.mp4',
  size: 200 * 1024 * 1024,
  sent: 50 * 1024 * 1024,
  phase: 'uploading',
  speed: null,
  error: null,
  ...change,
});

describe('upload progress', () => {
  it('tells the share, the bytes, the speed and the time left while uploading', () => {
    expect(progressLine(item({}))).toBe('25%・50.0 MB / 200.0 MB');
    expect(progressLine(item({ speed: 10 * 1024 * 1024 }))).toBe('25%・50.0 MB / 200.0 MB・10.0 MB/秒・残り約15秒');
    expect(progressLine(item({ speed: 1024 * 1024 }))).toBe('25%・50.0 MB / 200.0 MB・1.0 MB/秒・残り約3分');
  });

  it('says when an upload is paused, waiting for the network, scanned or infected', () => {
    expect(progressLine(item({ phase: 'paused' }))).toBe('一時停止中（25%）');
    expect(progressLine(item({ phase: 'waiting' }))).toBe('通信が途切れました。再開を待っています（25%）');
    expect(progressLine(item({ phase: 'scanning', sent: 200 * 1024 * 1024 }))).toBe('アップロード完了・ウイルスチェック中');
    expect(progressLine(item({ phase: 'infected' }))).toBe('ウイルスが検出されたため、このファイルは使えません');
  });

  it('writes sizes and remaining times for a person', () => {
    expect(formatBytes(500)).toBe('1 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB');
    expect(formatRemaining(0.2)).toBe('残り約1秒');
    expect(formatRemaining(59)).toBe('残り約59秒');
    expect(formatRemaining(61)).toBe('残り約2分');
    expect(formatRemaining(3600 + 20 * 60)).toBe('残り約1時間20分');
  });

  it("shows the server's refusal of a file as it is, and explains the others", () => {
    const tooLarge = { error: { message: 'ファイルが大きすぎます。画像は30 MBまでアップロードできます。', rules: { file: ['max:29296'] } } };
    expect(refusalMessage(413, tooLarge)).toBe('ファイルが大きすぎます。画像は30 MBまでアップロードできます。');
    const program = { error: { message: 'プログラム（実行ファイル）はアップロードできません。', rules: { file: ['mimes'] } } };
    expect(refusalMessage(422, program)).toBe('プログラム（実行ファイル）はアップロードできません。');
    expect(refusalMessage(413, null)).toBe('ファイルが大きすぎます。');
    expect(refusalMessage(0, null)).toContain('通信できませんでした');
    expect(refusalMessage(410, null)).toContain('期限が切れた');
  });

  it('measures the speed over the last seconds and forgets it after a break', () => {
    const meter = new SpeedMeter(5000);
    expect(meter.sample(0, 0)).toBeNull();
    expect(meter.sample(1_000_000, 500)).toBeNull();
    expect(meter.sample(2_000_000, 1000)).toBe(2_000_000);
    expect(meter.sample(12_000_000, 6000)).toBe(2_000_000);
    // After ten slow seconds, the old pace no longer counts.
    meter.sample(13_000_000, 11000);
    expect(meter.sample(14_000_000, 16000)).toBe(200_000);
    meter.reset();
    expect(meter.sample(15_000_000, 17000)).toBeNull();
  });
});
