/**
 * The toolbar's 「画像」 (for whoever writes: edit or suggest). The chosen file goes through the
 * one upload machinery (`useResumableUploads`: progress, speed, pause, resume, the scan's
 * verdict) as an upload for a manuscript's image (`use: manuscript_image`, private: the server
 * refuses anything but PNG, JPEG, GIF and WebP up to 10 MB before a byte is sent, with the
 * reason in Japanese). Once it is stored and found clean it is put into the manuscript
 * (`POST /manuscripts/{id}/images`) and the image node is inserted at the cursor with the `src`
 * the server answered and the file's name as its alternative text.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { Editor } from '@tiptap/react';
import styled from 'styled-components';
import { UploadList, useResumableUploads } from '@/components/resumable-uploader';
import { AppError } from '@/lib/errors';
import type { FileView } from '@/lib/files';
import { theme } from '@/theme/theme';
import { manuscriptsApi } from '../api';
import { Tool } from './toolbar-parts';

const Uploads = styled.div`
  flex: 1 1 100%;
  &:empty { display: none; }
`;
const Refusal = styled.span`
  align-self: center;
  font-size: ${theme.font.sm};
  color: ${theme.color.alert};
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
  const uploads = useResumableUploads({ use: 'manuscript_image', isPrivate: true });
  const [error, setError] = useState<string | null>(null);
  // Each stored image is put in once, however often the list re-renders.
  const putIn = useRef(new Set<number>());
  const { files, removeFinished } = uploads;

  useEffect(() => {
    const fresh = files.filter((file) => !putIn.current.has(file.id));
    fresh.forEach((file) => putIn.current.add(file.id));
    const insert = async (file: FileView) => {
      try {
        const image = await manuscriptsApi.addImage(manuscriptId, file.id, token);
        if (editor.isDestroyed) return;
        editor.chain().focus().setImage({ src: image.src, alt: image.file.name }).run();
        removeFinished();
      } catch (cause) {
        setError(cause instanceof AppError ? cause.message : '画像を原稿に入れられませんでした。');
      }
    };
    fresh.forEach((file) => void insert(file));
  }, [files, editor, manuscriptId, token, removeFinished]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setError(null);
    uploads.start([chosen]);
  };

  return (
    <>
      <Tool type="button" title="画像を挿入" disabled={uploads.busy} aria-busy={uploads.busy} onMouseDown={(e) => e.preventDefault()} onClick={() => input.current?.click()}>
        画像
      </Tool>
      <input ref={input} type="file" accept={ACCEPT} hidden aria-label="原稿に入れる画像" onChange={choose} />
      {error && (
        <Refusal role="alert" data-testid="manuscript-image-error">
          {error}
        </Refusal>
      )}
      <Uploads>
        <UploadList uploads={uploads} compact />
      </Uploads>
    </>
  );
}
