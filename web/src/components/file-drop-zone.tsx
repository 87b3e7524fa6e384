/**
 * Files dropped on a zone or chosen through the file dialog (the zone is the file input's label,
 * so Tab, Enter and Space reach it), listed with their sizes, and an upload's progress.
 */
import { useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { formatNumber } from '@/lib/format';
import { theme } from '@/theme/theme';
import { FieldShell, type FieldProps, focusRing, useFieldIds, visuallyHidden } from './form-field';

const Zone = styled.div<{ $over: boolean; $disabled: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  padding: 20px 16px;
  text-align: center;
  border: 2px dashed ${(p) => (p.$over ? theme.color.brand : theme.color.border)};
  border-radius: ${theme.button.radius}px;
  background: ${(p) => (p.$over ? theme.color.brandTint : theme.color.white)};
  color: ${theme.color.subText};
  cursor: ${(p) => (p.$disabled ? 'not-allowed' : 'pointer')};
  opacity: ${(p) => (p.$disabled ? 0.6 : 1)};
  transition: border-color 0.15s, background 0.15s;
  input { ${visuallyHidden} }
  &:focus-within { ${focusRing} }
  strong { color: ${theme.color.brandDark}; text-decoration: underline; }
`;
/** A list of files, one bordered row each: 📎, the name (`span.name`), an optional size and a remove button. */
export const FileRows = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 10px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.button.radius}px;
    margin-bottom: 4px;
    background: ${theme.color.white};
  }
  span.name { flex: 1; min-width: 0; overflow-wrap: anywhere; }
  small { color: ${theme.color.subText}; white-space: nowrap; }
  button {
    border: none;
    background: none;
    cursor: pointer;
    font-size: ${theme.font.lg};
    color: ${theme.color.subText};
    &:focus-visible { outline: 2px solid ${theme.color.brand}; }
  }
`;
/** A progress bar (the share goes in the inner div's width). */
export const Bar = styled.div`
  height: 8px;
  margin-top: 8px;
  border-radius: 4px;
  background: ${theme.color.background};
  overflow: hidden;
  div { height: 100%; background: ${theme.color.brand}; transition: width 0.2s; }
`;

/** 1,234 KB (sizes under 1 KB count as 1 KB). */
export const fileSize = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;

/** Whether a file matches an `accept` list (extensions like `.xlsx` and MIME types like `image/*`). */
export function accepts(accept: string | undefined, file: File): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .some((rule) => (rule.startsWith('.') ? name.endsWith(rule) : rule.endsWith('/*') ? file.type.startsWith(rule.slice(0, -1)) : file.type === rule));
}

interface FileDropZoneProps extends FieldProps {
  files: File[];
  onFiles: (files: File[]) => void;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Share of the upload sent (0–1) while uploading; null when idle. */
  progress?: number | null;
}

export function FileDropZone({ files, onFiles, accept, multiple = false, disabled = false, progress = null, ...field }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const error = field.error ?? refused;
  const ids = useFieldIds(field.id, field.hint, error);
  const instructionId = `${ids.controlId}-instruction`;

  const take = (incoming: File[]) => {
    const fitting = incoming.filter((file) => accepts(accept, file));
    const kinds = (accept ?? '')
      .split(',')
      .filter((a) => a.trim().startsWith('.'))
      .join('、');
    setRefused(fitting.length < incoming.length ? (kinds ? `${kinds} のファイルを選んでください` : 'この種類のファイルは選べません') : null);
    if (fitting.length === 0) return;
    onFiles(multiple ? [...files, ...fitting] : fitting.slice(0, 1));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(Array.from(event.dataTransfer.files));
  };
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <FieldShell {...field} error={error} ids={ids}>
      <Zone
        $over={over}
        $disabled={disabled}
        data-testid="file-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        onClick={(e) => {
          if (disabled || e.target instanceof HTMLInputElement) return;
          (e.currentTarget.querySelector('input') as HTMLInputElement | null)?.click();
        }}
      >
        <span aria-hidden style={{ fontSize: 24 }}>
          📄
        </span>
        <span id={instructionId}>
          ここにファイルをドラッグ＆ドロップ、または<strong>ファイルを選択</strong>
        </span>
        <input
          id={ids.controlId}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[instructionId, ids.describedBy].filter(Boolean).join(' ')}
          onChange={(e) => {
            take(Array.from(e.target.files ?? []));
            // The same file can be chosen again after being taken off the list.
            e.target.value = '';
          }}
        />
      </Zone>
      {files.length > 0 && (
        <FileRows aria-label="選択したファイル">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span aria-hidden>📎</span>
              <span className="name">{file.name}</span>
              <small>{fileSize(file.size)}</small>
              {!uploading && (
                <button type="button" aria-label={`${file.name}を取り除く`} onClick={() => onFiles(files.filter((_, i) => i !== index))}>
                  ×
                </button>
              )}
            </li>
          ))}
        </FileRows>
      )}
      {uploading && (
        <div>
          <Bar role="progressbar" aria-label="アップロードの進み具合" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div style={{ width: `${percent}%` }} />
          </Bar>
          <small aria-live="polite">アップロード中 {percent}%</small>
        </div>
      )}
    </FieldShell>
  );
}
