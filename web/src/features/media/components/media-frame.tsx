import type { ReactNode } from 'react';

/** Stand-in until the media feature's frame (tabs of a medium) arrives; theirs replaces this file. */
export function MediaFrame({ mediaId, active, children }: { mediaId: number; active: 'details' | 'teams' | 'infomation' | 'members'; children: ReactNode }) {
  return (
    <div data-media-id={mediaId} data-media-tab={active}>
      {children}
    </div>
  );
}
