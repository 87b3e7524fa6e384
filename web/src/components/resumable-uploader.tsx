/**
 * The one upload component: files dropped or chosen (several at once) are sent at once as
 * resumable uploads, each with its progress, speed and remaining time, pause and resume, cancel,
 * automatic resumption after the network drops, and the Japanese reason for a refusal. The
 * state lives in `useResumableUploads` and shows through `UploadList`, so a place with its own
 * way of choosing files (the chat composer's 📎) shares both. `ResumableUploader` hands the
 * finished files (by id, as the server's File records) to its parent through `onFiles`; the
 * parent clears the list by giving it a new `key` once it has used them.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { FileView } from '@/lib/files';
import { startUpload, type UploadHandle, type UploadUse } from '@/lib/resumable-upload';
import { useLiveEvent } from '@/lib/socket';
import { percentOf, progressLine, refusalMessage, SpeedMeter, type UploadItemView } from '@/lib/upload-progress';
import { theme } from '@/theme/theme';
import { Bar, FileDropZone } from './file-drop-zone';

const Rows = styled.ul<{ $compact: boolean }>`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  ${(p) => (p.$compact ? 'max-height: 40vh; overflow-y: auto;' : '')}
  li {
    padding: ${(p) => (p.$compact ? '4px 8px' : '8px 10px')};
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

export interface UploadsOptions {
  use: UploadUse;
  isPrivate?: boolean;
  /** Several files at once; otherwise a new choice replaces the list. */
  multiple?: boolean;
}

/** The uploads of one place (a form, the chat composer) and what can be done with them. */
export interface Uploads {
  items: Item[];
  /** The stored files found clean, in the order chosen (an infected one is never handed over). */
  files: FileView[];
  /** Whether any is still on its way (sent or scanned). */
  busy: boolean;
  start: (chosen: File[]) => void;
  pause: (key: number) => void;
  resume: (key: number) => void;
  cancel: (key: number) => void;
  /** Forgets the finished ones (their files were used); those on their way stay. */
  removeFinished: () => void;
}

let nextKey = 1;
const FINISHED: UploadItemView['phase'][] = ['done', 'infected', 'error'];

/**
 * The one upload state machine: each chosen file is sent as a resumable upload with its
 * progress, speed and remaining time, pause and resume, cancel, automatic resumption after the
 * network drops, the scan's verdict (pushed live), and the Japanese reason for a refusal.
 */
export function useResumableUploads({ use, isPrivate = false, multiple = false }: UploadsOptions): Uploads {
  const [items, setItems] = useState<Item[]>([]);
  const handles = useRef(new Map<number, UploadHandle>());
  const meters = useRef(new Map<number, SpeedMeter>());
  const update = (key: number, change: Partial<Item>) => setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

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
  const removeFinished = () =>
    setItems((all) =>
      all.filter((item) => {
        if (!FINISHED.includes(item.phase)) return true;
        handles.current.delete(item.key);
        meters.current.delete(item.key);
        return false;
      }),
    );

  const files = useMemo(() => items.filter((item) => item.file && item.phase === 'done').map((item) => item.file as FileView), [items]);
  const busy = items.some((item) => ['uploading', 'paused', 'waiting', 'scanning'].includes(item.phase));
  return { items, files, busy, start, pause, resume, cancel, removeFinished };
}

/** Each upload with its progress bar, its line (percent, speed, remaining time, or why not) and its buttons. */
export function UploadList({ uploads, compact = false }: { uploads: Uploads; compact?: boolean }) {
  const { items, pause, resume, cancel } = uploads;
  if (items.length === 0) return null;
  return (
    <Rows aria-label="アップロード中のファイル" $compact={compact}>
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
  );
}

export interface ResumableUploaderProps extends UploadsOptions {
  label: string;
  /** What may be sent (the limits), under the label. */
  hint?: string;
  accept?: string;
  disabled?: boolean;
  /** The stored files found clean, in the order chosen; and whether any is still on its way (sent or scanned). */
  onFiles: (files: FileView[], busy: boolean) => void;
}

/** A drop zone over the uploads: deliveries, the portfolio, the profile image. */
export function ResumableUploader({ label, hint, accept, disabled = false, onFiles, ...options }: ResumableUploaderProps) {
  const uploads = useResumableUploads(options);
  const { files, busy } = uploads;
  useEffect(() => {
    onFiles(files, busy);
    // onFiles is the parent's setter; only the files decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [files, busy]);
  return (
    <div>
      <FileDropZone label={label} hint={hint} files={[]} onFiles={uploads.start} accept={accept} multiple={options.multiple} disabled={disabled} />
      <UploadList uploads={uploads} />
    </div>
  );
}
