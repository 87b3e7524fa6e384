/**
 * What a person reads about each resumable upload (`lib/resumable-upload`): its phase, progress,
 * speed and remaining time, and why it was refused, in Japanese. Pure, so it is tested without
 * a server.
 */
import { formatNumber } from './format';

export type UploadPhase = 'uploading' | 'paused' | 'waiting' | 'scanning' | 'done' | 'infected' | 'error';

export interface UploadItemView {
  name: string;
  size: number;
  sent: number;
  phase: UploadPhase;
  /** Bytes a second over the last few seconds; null before there is enough to say. */
  speed: number | null;
  error: string | null;
}

/** 12 KB, 3.4 MB, 1.25 GB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

export const formatSpeed = (bytesPerSecond: number): string => `${formatBytes(bytesPerSecond)}/秒`;

/** 残り約5秒, 残り約3分, 残り約1時間20分. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `残り約${s}秒`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `残り約${minutes}分`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `残り約${hours}時間${rest}分` : `残り約${hours}時間`;
}

export const percentOf = (item: Pick<UploadItemView, 'sent' | 'size'>): number =>
  item.size > 0 ? Math.min(100, Math.floor((item.sent / item.size) * 100)) : 100;

/** The one line under a file's name. */
export function progressLine(item: UploadItemView): string {
  const percent = `${percentOf(item)}%`;
  switch (item.phase) {
    case 'uploading': {
      const parts = [percent, `${formatBytes(item.sent)} / ${formatBytes(item.size)}`];
      if (item.speed && item.speed > 0) {
        parts.push(formatSpeed(item.speed), formatRemaining((item.size - item.sent) / item.speed));
      }
      return parts.join('・');
    }
    case 'paused':
      return `一時停止中（${percent}）`;
    case 'waiting':
      return `通信が途切れました。再開を待っています（${percent}）`;
    case 'scanning':
      return 'アップロード完了・ウイルスチェック中';
    case 'done':
      return 'アップロード完了';
    case 'infected':
      return 'ウイルスが検出されたため、このファイルは使えません';
    case 'error':
      return item.error ?? 'アップロードに失敗しました';
  }
}

interface ErrorBody {
  error?: { message?: string; rules?: Record<string, string[]> };
}

/**
 * Why the server refused an upload (`status` 0: the network). Its refusals of a file (too
 * large for its kind, with the limit; a program; content that does not fit its name) are
 * already sentences for the person, so they are shown as they are.
 */
export function refusalMessage(status: number, body: unknown): string {
  const message = (body as ErrorBody | null)?.error?.message;
  if (status === 0) return '通信できませんでした。接続を確かめて「再開」を押してください。';
  if (status === 401) return 'ログインの有効期限が切れました。ログインし直してください。';
  if (status === 404 || status === 410) return 'アップロードの期限が切れたか、見つかりません。もう一度ファイルを選んでください。';
  if ((status === 413 || status === 415 || status === 422) && message) return message;
  if (status === 413) return 'ファイルが大きすぎます。';
  return message ?? 'アップロードに失敗しました。';
}

/** Speed over a sliding window of recent progress reports. */
export class SpeedMeter {
  private samples: { at: number; sent: number }[] = [];

  constructor(private readonly windowMs = 5000) {}

  /** Records `sent` bytes at `at` (ms); the speed in bytes a second, null until a second has passed. */
  sample(sent: number, at: number): number | null {
    this.samples.push({ at, sent });
    while (this.samples.length > 2 && at - this.samples[1].at >= this.windowMs) this.samples.shift();
    const first = this.samples[0];
    const elapsed = at - first.at;
    if (elapsed < 1000) return null;
    return Math.max(0, ((sent - first.sent) / elapsed) * 1000);
  }

  /** Forgets the past (after a pause or a break, the old pace says nothing). */
  reset(): void {
    this.samples = [];
  }
}
