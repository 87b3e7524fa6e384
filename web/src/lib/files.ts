/** Files as the server describes them (uploads, attachments, avatars); the bytes come from `/api/files` and `/api/images`. */

import type { View } from './api/wire';

/** The virus scan every uploaded file goes through; only `clean` files may be opened. */
export type ScanStatus = View<'ScanStatus'>;

/** A user's avatar. */
export type ImageFile = View<'ImageFile'>;

/** An uploaded file (a chat attachment, a delivery file); `path` is `files/<key>` or `private/<key>` (images: `/api/images/<path>`). */
export type FileView = View<'FileView'>;
