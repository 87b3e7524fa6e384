/**
 * The one upload component: files dropped or chosen (several at once) are sent at once as
 * resumable uploads, each with its progress, speed and remaining time, pause and resume, cancel,
 * automatic resumption after the network drops, and the Japanese reason for a refusal. The
 * parent receives the finished files (by id, as the server's File records) through `onFiles`;
 * it clears the list by giving the component a new `key` once it has used them.
 */
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { FileView } from '@/lib/files';
import { startUpload, type UploadHandle, type UploadUse } from '@/lib/resumable-upload';
import { useLiveEvent } from '@/lib/socket';
import { percentOf, progressLine, refusalMessage, SpeedMeter, type UploadItemView } from '@/lib/upload-progress';
import { theme } from '@/theme/theme';
import { Bar, FileDropZone } from './file-drop-zone';

const Rows = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  li {
    padding: 8px 10px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.button.radius}px;
    margin-bottom: 4px;
    background: ${theme.color.white};
  }
  .head { display: flex; align-items: center; gap: 8px; }
  .name { flex: 1; min-width: 0; overflow-wrap: anywhere; }
  .line { font-size: ${theme.font.sm}; color: ${theme.color.subText}; margin-top: 4px; }
  .line[data-phase='error'], .line[data-phase='infected'] { color: ${theme.color.alert}; }
  button {
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.button.radius}px;
    background: ${theme.color.white};
    padding: 2px 10px;
    cursor: pointer;
    &:focus-visible { outline: 2px solid ${theme.color.brand}; }
  }
`;

interface Item extends UploadItemView {
  key: number;
  file: FileView | null;
  /** A failure that sending again may mend (the network, the server's trouble). */
  retryable: boolean;
}

export interface ResumableUploaderProps {
  label: string;
  /** What may be sent (the limits), under the label. */
  hint?: string;
  use: UploadUse;
  isPrivate?: boolean;
  multiple?: boolean;
  accept?: string;
  disabled?: boolean;
  /** The stored files found clean, in the order chosen; and whether any is still on its way (sent or scanned). */
  onFiles: (files: FileView[], busy: boolean) => void;
}

let nextKey = 1;

export function ResumableUploader({ label, hint, use, isPrivate = false, multiple = false, accept, disabled = false, onFiles }: ResumableUploaderProps) {
  const [items, setItems] = useState<Item[]>([]);
  const handles = useRef(new Map<number, UploadHandle>());
  const meters = useRef(new Map<number, SpeedMeter>());
  const update = (key: number, change: Partial<Item>) => setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  useEffect(() => {
    // A file is handed over once its scan is clean: an infected one is never attached.
    const busy = items.some((item) => ['uploading', 'paused', 'waiting', 'scanning'].includes(item.phase));
    onFiles(
      items.filter((item) => item.file && item.phase === 'done').map((item) => item.file as FileView),
      busy,
    );
    // onFiles is the parent's setter; only the items decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);
  // A long upload is scanned after it is stored; the verdict comes live (or when asked).
  const scanned = (file: FileView) =>
    setItems((all) =>
      all.map((item) => (item.file?.id === file.id ? { ...item, file, phase: file.antiVirusCheckScanStatus === 'infected' ? 'infected' : 'done' } : item)),
    );
  useLiveEvent('file.scanned', scanned);
  useEffect(() => {
    const running = handles.current;
    return () => running.forEach((handle) => handle.pause());
  }, []);

  const start = (chosen: File[]) => {
    const added = chosen.map((file) => ({ key: nextKey++, name: file.name, size: file.size, sent: 0, phase: 'uploading' as const, speed: null, error: null, file: null, retryable: false }));
    setItems((all) => [...(multiple ? all : []), ...added]);
    added.forEach((item, index) => {
      const meter = new SpeedMeter();
      meters.current.set(item.key, meter);
      const handle = startUpload(chosen[index], use, isPrivate, {
        onProgress: (sent) => update(item.key, { sent, phase: 'uploading', speed: meter.sample(sent, Date.now()) }),
        onWaiting: () => {
          meter.reset();
          update(item.key, { phase: 'waiting', speed: null });
        },
        onSuccess: (file) =>
          update(item.key, {
            sent: item.size,
            file,
            phase: file.antiVirusCheckScanStatus === 'scanning' ? 'scanning' : file.antiVirusCheckScanStatus === 'infected' ? 'infected' : 'done',
          }),
        onScanned: scanned,
        onError: (status, body) => update(item.key, { phase: 'error', error: refusalMessage(status, body), retryable: status === 0 || status >= 500 }),
      });
      handles.current.set(item.key, handle);
    });
  };
  const pause = (key: number) => {
    handles.current.get(key)?.pause();
    meters.current.get(key)?.reset();
    update(key, { phase: 'paused', speed: null });
  };
  const resume = (key: number) => {
    update(key, { phase: 'uploading', error: null });
    handles.current.get(key)?.resume();
  };
  const cancel = (key: number) => {
    void handles.current.get(key)?.cancel();
    handles.current.delete(key);
    setItems((all) => all.filter((item) => item.key !== key));
  };

  return (
    <div>
      <FileDropZone label={label} hint={hint} files={[]} onFiles={start} accept={accept} multiple={multiple} disabled={disabled} />
      {items.length > 0 && (
        <Rows aria-label="アップロード中のファイル">
          {items.map((item) => (
            <li key={item.key} data-testid="upload-item">
              <div className="head">
                <span aria-hidden>📎</span>
                <span className="name">{item.name}</span>
                {item.phase === 'uploading' || item.phase === 'waiting' ? (
                  <button type="button" onClick={() => pause(item.key)}>
                    一時停止
                  </button>
                ) : null}
                {item.phase === 'paused' || (item.phase === 'error' && item.retryable) ? (
                  <button type="button" onClick={() => resume(item.key)}>
                    再開
                  </button>
                ) : null}
                <button type="button" aria-label={`${item.name}を取り消す`} onClick={() => cancel(item.key)}>
                  {item.phase === 'done' || item.phase === 'infected' ? '取り除く' : 'キャンセル'}
                </button>
              </div>
              {item.phase !== 'done' && item.phase !== 'infected' && item.phase !== 'error' && (
                <Bar role="progressbar" aria-label={`${item.name}の送信状況`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percentOf(item)}>
                  <div style={{ width: `${percentOf(item)}%` }} />
                </Bar>
              )}
              <div className="line" data-phase={item.phase} role={item.phase === 'error' || item.phase === 'infected' ? 'alert' : undefined} data-testid="upload-status">
                {progressLine(item)}
              </div>
            </li>
          ))}
        </Rows>
      )}
    </div>
  );
}
