/**
 * A stand-in for `lib/resumable-upload` in component tests: a tus server cannot run in jsdom, so
 * each started upload is kept here and driven through its callbacks (the browser tests in
 * e2e/uploads.spec.ts send real bytes to the real server). Use it with
 * `vi.mock('@/lib/resumable-upload', () => import('@/test/fake-uploads'))`.
 */
import { vi } from 'vitest';
import type { FileView } from '@/lib/files';
import type { UploadCallbacks, UploadUse } from '@/lib/resumable-upload';

export interface FakeUpload {
  file: File;
  use: UploadUse;
  callbacks: UploadCallbacks;
  pause: ReturnType<typeof vi.fn>;
  resume: ReturnType<typeof vi.fn>;
  cancel: ReturnType<typeof vi.fn>;
}

/** The uploads started since the last `started.length = 0`. */
export const started: FakeUpload[] = [];

export function startUpload(file: File, use: UploadUse, _isPrivate: boolean, callbacks: UploadCallbacks) {
  const handle = { file, use, callbacks, pause: vi.fn(), resume: vi.fn(), cancel: vi.fn(async () => undefined) };
  started.push(handle);
  return handle;
}

export const MB = 1024 * 1024;

/** A File of `size` bytes without holding them. */
export function big(name: string, size: number, type = 'video/mp4'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The File record a finished upload answers. */
export const stored = (id: number, name: string, status: FileView['antiVirusCheckScanStatus'] = 'clean', contentType = 'video/mp4'): FileView => ({
  id,
  name,
  path: `files/${id}`,
  userId: 1,
  userRoleType: 'general',
  updated: '2026-11-29T00:00:00Z',
  antiVirusCheckScanStatus: status,
  contentType,
  size: 100 * MB,
  width: null,
  height: null,
});
