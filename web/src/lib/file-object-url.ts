/**
 * A stored file shown in the page. `/api/files/{id}` needs the session's bearer token, which an
 * `<img src>` cannot send: the bytes are fetched through the API client (`api.download`) and
 * shown from an object URL, revoked again when the file is no longer shown. Images in a
 * manuscript are shown this way (they are private to its members: no public variant).
 */
import { useEffect, useState } from 'react';
import { api } from './api-client';

/** The file a same-site download path names (`/api/files/{id}`, as the server writes it into a manuscript), or null. */
export function fileIdOfPath(src: string): number | null {
  const match = /^\/api\/files\/(\d{1,15})$/.exec(src.trim());
  return match ? Number(match[1]) : null;
}

export type FileObjectUrl = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/** The bytes of the file `fileId` as an object URL while the caller is mounted (null: nothing to fetch). */
export function useFileObjectUrl(fileId: number | null): FileObjectUrl {
  const [shown, setShown] = useState<{ fileId: number; state: FileObjectUrl } | null>(null);
  useEffect(() => {
    if (fileId === null) return;
    const abort = new AbortController();
    let url: string | null = null;
    api.download(`/files/${fileId}`, undefined, { quietRefusal: true, signal: abort.signal }).then(
      ({ blob }) => {
        if (abort.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setShown({ fileId, state: { status: 'ready', url } });
      },
      () => {
        if (!abort.signal.aborted) setShown({ fileId, state: { status: 'failed' } });
      },
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);
  // An answer for another file (the id changed) is not this one's.
  if (fileId === null) return { status: 'failed' };
  return shown?.fileId === fileId ? shown.state : { status: 'loading' };
}
