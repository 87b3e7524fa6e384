/**
 * A file attached to a chat message: an image as a thumbnail from the variant endpoint that
 * opens a viewer, a video played in place (through a signed link) above its card, anything else
 * as a card with its kind's icon, size and name. Only clean files open, play or download; a
 * file being scanned or found infected says so.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { fileSize } from '@/components/file-drop-zone';
import { Modal } from '@/components/modal';
import { SignedVideo } from '@/components/signed-video';
import { theme } from '@/theme/theme';
import type { ChatFile } from '../types';

const Attachment = styled.div`
  margin-top: 6px;
  small { color: ${theme.color.subText}; }
`;
const Thumbnail = styled.button`
  display: block;
  padding: 0;
  border: 1px solid ${theme.color.border};
  border-radius: 4px;
  background: none;
  cursor: zoom-in;
  img { display: block; max-width: 240px; max-height: 240px; border-radius: 4px; }
  &:focus-visible { outline: 2px solid ${theme.color.brand}; }
`;
const Card = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  max-width: 320px;
  padding: 8px 12px;
  border: 1px solid ${theme.color.border};
  border-radius: 6px;
  background: ${theme.color.white};
  text-align: left;
  cursor: pointer;
  &:disabled { cursor: default; opacity: 0.7; }
  .icon { font-size: 24px; }
  .name { display: block; overflow-wrap: anywhere; }
  .size { display: block; font-size: ${theme.font.sm}; color: ${theme.color.subText}; }
`;
const Viewer = styled.figure`
  margin: 0;
  text-align: center;
  img { max-width: 100%; max-height: calc(100vh - 220px); }
  figcaption { margin-top: 12px; }
`;

const SCAN_LABEL: Record<ChatFile['antiVirusCheckScanStatus'], string> = {
  scanning: 'ウイルスチェック中',
  clean: '',
  infected: 'ウイルスが検出されました',
};

/** The icon of a file's kind. */
export function kindIcon(contentType: string): string {
  if (contentType.startsWith('image/')) return '🖼️';
  if (contentType.startsWith('video/')) return '🎬';
  if (contentType.startsWith('audio/')) return '🎵';
  if (contentType === 'application/pdf' || contentType.startsWith('text/')) return '📄';
  if (/zip|x-7z|x-rar|x-tar|gzip/.test(contentType)) return '🗜️';
  return '📎';
}

/** The variant of a public image at `width` (the server snaps it to its fixed widths). */
const variant = (file: ChatFile, width: number) => `/api/images/${file.path}?width=${width}`;

async function download(file: ChatFile, token: string | null) {
  const response = await fetch(`/api/files/${file.id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => null);
  if (!response?.ok) return;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  URL.revokeObjectURL(url);
}

export function FileAttachment({ file, token }: { file: ChatFile; token: string | null }) {
  const [viewing, setViewing] = useState(false);
  const clean = file.antiVirusCheckScanStatus === 'clean';
  // Private files have no public variants: they are cards.
  const thumbnail = clean && file.contentType.startsWith('image/') && file.path.startsWith('files/');
  const video = clean && file.contentType.startsWith('video/');
  return (
    <Attachment data-testid="chat-attachment">
      {video && <SignedVideo fileId={file.id} name={file.name} />}
      {thumbnail ? (
        <Thumbnail type="button" aria-label={`${file.name}を拡大して表示`} onClick={() => setViewing(true)}>
          <img src={variant(file, 256)} srcSet={`${variant(file, 256)} 1x, ${variant(file, 512)} 2x`} alt={file.name} loading="lazy" />
        </Thumbnail>
      ) : (
        <Card type="button" onClick={() => download(file, token)} disabled={!clean} aria-label={`${file.name}をダウンロード`}>
          <span className="icon" aria-hidden>
            {kindIcon(file.contentType)}
          </span>
          <span>
            <span className="name">{file.name}</span>
            <span className="size">{fileSize(file.size)}</span>
          </span>
        </Card>
      )}
      {!clean && <small>{SCAN_LABEL[file.antiVirusCheckScanStatus]}</small>}
      {viewing && (
        <Modal title={file.name} onClose={() => setViewing(false)} testId="image-viewer">
          <Viewer>
            <img src={variant(file, 2048)} alt={file.name} />
            <figcaption>
              <Button type="button" onClick={() => download(file, token)}>
                ダウンロード（{fileSize(file.size)}）
              </Button>{' '}
              <Button type="button" onClick={() => setViewing(false)}>
                閉じる
              </Button>
            </figcaption>
          </Viewer>
        </Modal>
      )}
    </Attachment>
  );
}
