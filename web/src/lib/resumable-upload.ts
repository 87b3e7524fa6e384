/**
 * Resumable uploads (tus 1.0 at `/api/uploads`) through tus-js-client: the file is sent in
 * chunks, a dropped connection is retried from the server's offset (never from zero), and an
 * upload interrupted by a reload resumes when the same file is chosen again (its URL is kept in
 * localStorage under a fingerprint). The finished upload is a File record, attached by id.
 */
import { type DetailedError, type HttpResponse, Upload } from 'tus-js-client';
import { api, bearerToken } from './api-client';
import { camelize } from './case';
import type { FileView } from './files';

/** Where the file will be attached (the server checks the kind against it). */
export type UploadUse = 'delivery' | 'message' | 'portfolio' | 'profile_image' | 'manuscript_image';

/** Bytes per PATCH: a broken request loses at most the part of one chunk not yet stored. */
export const CHUNK_SIZE = 16 * 1024 * 1024;
/** How often a file still being scanned is asked about. */
const SCAN_POLL_MS = 3000;

/** Asks for the upload's file until its scan has a verdict. */
async function followScan(uploadId: string, onScanned: (file: FileView) => void): Promise<void> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, SCAN_POLL_MS));
    const answer = await api.get<{ file: FileView | null }>(`/uploads/${uploadId}`).catch(() => null);
    if (!answer?.file) return;
    if (answer.file.antiVirusCheckScanStatus !== 'scanning') {
      onScanned(answer.file);
      return;
    }
  }
}

/** Retries after a failed request (network or server), in milliseconds. */
export const RETRY_DELAYS = [0, 1000, 2000, 3000, 5000, 5000, 10000, 10000, 15000, 20000, 30000, 30000];

export interface UploadCallbacks {
  onProgress: (sent: number, total: number) => void;
  /** A request failed and the upload waits to resume (a retry, or the network's return). */
  onWaiting: () => void;
  onSuccess: (file: FileView) => void;
  /** The scan's verdict on a file that was still `scanning` (also pushed live as `file.scanned`; this asks the server in case the push came first). */
  onScanned: (file: FileView) => void;
  /** The upload was refused or gave up: `status` 0 for the network, and the server's error body. */
  onError: (status: number, body: unknown) => void;
}

export interface UploadHandle {
  pause: () => void;
  resume: () => void;
  /** Stops and deletes what was sent (tus termination). */
  cancel: () => Promise<void>;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function errorBody(response: HttpResponse | null | undefined): unknown {
  const text = response?.getBody();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Retries the network and the server's passing troubles; a refusal (4xx) is final. */
export function shouldRetry(status: number): boolean {
  return status === 0 || status === 409 || status === 423 || status >= 500;
}

export function startUpload(file: File, use: UploadUse, isPrivate: boolean, callbacks: UploadCallbacks): UploadHandle {
  let resumeWhenOnline: (() => void) | null = null;
  const upload: Upload = new Upload(file, {
    endpoint: '/api/uploads',
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, filetype: file.type, use, is_private: isPrivate ? '1' : '0' },
    fingerprint: async (f) => ['tsumugi-upload', use, f.name, f.type, f.size, f.lastModified].join('/'),
    onBeforeRequest: (request) => {
      const token = bearerToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (error: DetailedError) => {
      const retry = shouldRetry(error.originalResponse?.getStatus() ?? 0);
      if (retry) callbacks.onWaiting();
      return retry;
    },
    onProgress: (sent, total) => callbacks.onProgress(sent, total),
    onSuccess: async ({ lastResponse }) => {
      const id = lastResponse.getHeader('Tsumugi-File-Id');
      const uploadId = upload.url?.split('/').pop();
      try {
        const answer = await api.get<{ file: FileView | null }>(`/uploads/${uploadId}`);
        if (answer.file) {
          callbacks.onSuccess(answer.file);
          if (answer.file.antiVirusCheckScanStatus === 'scanning' && uploadId) void followScan(uploadId, callbacks.onScanned);
        } else callbacks.onError(0, { error: { message: `ファイル ${id ?? ''} を確認できませんでした` } });
      } catch {
        callbacks.onError(0, null);
      }
    },
    onError: (error) => {
      const response = (error as DetailedError).originalResponse;
      const status = response?.getStatus() ?? 0;
      if (status === 0 && isOffline()) {
        // Out of retries while the network is away: go on when it is back.
        callbacks.onWaiting();
        resumeWhenOnline = () => upload.start();
        window.addEventListener('online', resumeWhenOnline, { once: true });
        return;
      }
      callbacks.onError(status, camelize(errorBody(response)));
    },
  });
  void upload.findPreviousUploads().then((previous) => {
    if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  const forgetOnline = () => {
    if (resumeWhenOnline) window.removeEventListener('online', resumeWhenOnline);
    resumeWhenOnline = null;
  };
  return {
    pause: () => {
      forgetOnline();
      void upload.abort();
    },
    resume: () => {
      forgetOnline();
      upload.start();
    },
    cancel: async () => {
      forgetOnline();
      await upload.abort(true).catch(() => undefined);
    },
  };
}
