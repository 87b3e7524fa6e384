/**
 * The toolbar's 「画像」 (for whoever writes: edit or suggest). The chosen file is sent as a
 * resumable upload for a manuscript's image (`use: manuscript_image`, private: the server
 * refuses anything but PNG, JPEG, GIF and WebP up to 10 MB before a byte is sent, with the
 * reason in Japanese), then put into the manuscript (`POST /manuscripts/{id}/images`), and the
 * image node is inserted at the cursor with the `src` the server answered and the file's name as
 * its alternative text. Progress, the scan and any refusal show beside the button.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { Editor } from '@tiptap/react';
import styled from 'styled-components';
import { AppError } from '@/lib/errors';
import type { FileView } from '@/lib/files';
import { startUpload, type UploadHandle } from '@/lib/resumable-upload';
import { progressLine, refusalMessage, type UploadItemView } from '@/lib/upload-progress';
import { theme } from '@/theme/theme';
import { manuscriptsApi } from '../api';
import { Tool } from './toolbar-parts';

const Line = styled.span`
  align-self: center;
  font-size: ${theme.font.sm};
  color: ${theme.color.subText};
  &[role='alert'] { color: ${theme.color.alert}; }
`;

/** What the browser offers to choose (the server decides what it takes). */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

export interface ImageButtonProps {
  editor: Editor;
  manuscriptId: number;
  /** An editor link's token: the server checks the link's permission too. */
  token?: string;
}

export function ImageButton({ editor, manuscriptId, token }: ImageButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  // The upload on its way (one at a time); paused when the editor goes.
  const sendingNow = useRef<{ handle: UploadHandle | null }>({ handle: null });
  const [sending, setSending] = useState<UploadItemView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const now = sendingNow.current;
    return () => now.handle?.pause();
  }, []);

  const change = (patch: Partial<UploadItemView>) => setSending((item) => item && { ...item, ...patch });
  const fail = (message: string) => {
    sendingNow.current.handle = null;
    setSending(null);
    setError(message);
  };
  const insert = async (file: FileView) => {
    change({ phase: 'done', sent: file.size });
    try {
      const image = await manuscriptsApi.addImage(manuscriptId, file.id, token);
      if (editor.isDestroyed) return;
      editor.chain().focus().setImage({ src: image.src, alt: image.file.name }).run();
      sendingNow.current.handle = null;
      setSending(null);
    } catch (cause) {
      fail(cause instanceof AppError ? cause.message : '画像を原稿に入れられませんでした。');
    }
  };
  const finished = (file: FileView) => {
    if (file.antiVirusCheckScanStatus === 'clean') void insert(file);
    else if (file.antiVirusCheckScanStatus === 'infected') fail('ウイルスが検出されたため、この画像は使えません。');
    else change({ phase: 'scanning', sent: file.size });
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setSending({ name: file.name, size: file.size, sent: 0, phase: 'uploading', speed: null, error: null });
    sendingNow.current.handle = startUpload(file, 'manuscript_image', true, {
      onProgress: (sent) => change({ sent, phase: 'uploading' }),
      onWaiting: () => change({ phase: 'waiting' }),
      onSuccess: finished,
      onScanned: finished,
      onError: (status, body) => fail(refusalMessage(status, body)),
    });
  };

  return (
    <>
      <Tool type="button" title="画像を挿入" disabled={sending !== null} aria-busy={sending !== null} onMouseDown={(e) => e.preventDefault()} onClick={() => input.current?.click()}>
        画像
      </Tool>
      <input ref={input} type="file" accept={ACCEPT} hidden aria-label="原稿に入れる画像" onChange={choose} data-testid="manuscript-image-input" />
      {sending && (
        <Line role="status" data-testid="manuscript-image-progress">
          {sending.name}：{progressLine(sending)}
        </Line>
      )}
      {error && (
        <Line role="alert" data-testid="manuscript-image-error">
          {error}
        </Line>
      )}
    </>
  );
}
