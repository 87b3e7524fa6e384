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
