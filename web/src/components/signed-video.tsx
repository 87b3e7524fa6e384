/**
 * A stored video played in the page (chat attachments, deliveries). A `<video>` fetches its
 * bytes itself, range by range as the person seeks, and cannot send the bearer token: it plays
 * from a short-lived signed link (`POST /api/files/{id}/link`: 5 minutes, the access rule
 * checked again at every request; docs/decisions/signed-file-links.md). When the link has
 * expired (a seek after five minutes), a new one is asked for and playback goes on from where
 * it was; any other failure says the video cannot be played here.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { api } from '@/lib/api-client';
import { theme } from '@/theme/theme';

interface FileLink {
  url: string;
  expires: string;
}

const Player = styled.video`
  display: block;
  max-width: min(100%, 480px);
  max-height: 360px;
  border-radius: 4px;
  background: ${theme.color.videoBackground};
`;
const Note = styled.small`
  display: block;
  color: ${theme.color.subText};
`;

/** Asks for a new link only this many times in a row without playing in between. */
const MAX_RENEWALS = 3;

export function SignedVideo({ fileId, name }: { fileId: number; name: string }) {
  const [link, setLink] = useState<FileLink | null>(null);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const resumeAt = useRef<number | null>(null);
  const renewals = useRef(0);

  const ask = useCallback(
    () =>
      api.post<FileLink>(`/files/${fileId}/link`).then(
        (answer) => setLink(answer),
        () => setFailed(true),
      ),
    [fileId],
  );
  useEffect(() => {
    void ask();
  }, [ask]);

  const onError = () => {
    const expired = link !== null && Date.parse(link.expires) <= Date.now();
    if (!expired || renewals.current >= MAX_RENEWALS) {
      setFailed(true);
      return;
    }
    renewals.current += 1;
    resumeAt.current = video.current?.currentTime ?? null;
    void ask();
  };
  const onLoadedMetadata = () => {
    if (video.current && resumeAt.current) video.current.currentTime = resumeAt.current;
    resumeAt.current = null;
  };

  if (failed) return <Note>この動画はここでは再生できません。ダウンロードしてご覧ください。</Note>;
  if (!link) return <Note>動画を読み込んでいます…</Note>;
  return (
    <Player
      ref={video}
      src={link.url}
      controls
      preload="metadata"
      aria-label={`${name}を再生`}
      data-testid="inline-video"
      onError={onError}
      onLoadedMetadata={onLoadedMetadata}
      onPlaying={() => {
        renewals.current = 0;
      }}
    />
  );
}
