/** Files as the server describes them (uploads, attachments, avatars); the bytes come from `/api/files` and `/api/images`. */

/** The virus scan every uploaded file goes through; only `clean` files may be opened. */
export type ScanStatus = 'scanning' | 'clean' | 'infected';

/** A user's avatar. */
export interface ImageFile {
  path: string;
  antiVirusCheckScanStatus: ScanStatus;
}

/** An uploaded file (a chat attachment, a delivery file). */
export interface FileView {
  id: number;
  name: string;
  /** `files/<key>` or `private/<key>`; images are fetched from `/api/images/<path>`. */
  path: string;
  userId: number;
  userRoleType: string;
  updated: string;
  antiVirusCheckScanStatus: ScanStatus;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

/**
 * Why an upload was refused, in Japanese: the server's `file` rules (a program, too large for
 * its kind, empty) name the cause; anything else keeps the error's own message.
 */
export function uploadErrorMessage(cause: Error & { rules?: Record<string, string[]> }): string {
  const rule = cause.rules?.file?.[0] ?? '';
  if (rule === 'mimes') return 'プログラムなど、この種類のファイルはアップロードできません';
  if (rule === 'required') return '空のファイルはアップロードできません';
  const max = /^max:(\d+)$/.exec(rule);
  if (max) return `この種類のファイルは${Math.floor(Number(max[1]) / 1024)}MBまでです`;
  return cause.message;
}
