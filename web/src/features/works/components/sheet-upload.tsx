import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { FileDropZone } from '@/components/file-drop-zone';
import type { AsyncState } from '@/lib/async-state';
import { cellErrorLines } from '../logic';

const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Props {
  label: string;
  button: string;
  state: AsyncState<unknown>;
  /** What a success did, in words. */
  done: string | null;
  onUpload: (file: File, onProgress: (ratio: number) => void) => Promise<boolean>;
}

/** One .xlsx upload (dropped or chosen, with its progress); a refused sheet lists every bad cell ("セル C4: …"). */
export function SheetUpload({ label, button, state, done, onUpload }: Props) {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [file] = files;
    if (!file) return;
    setUploaded(false);
    setProgress(0);
    const ok = await onUpload(file, setProgress);
    setProgress(null);
    if (ok) {
      setFiles([]);
      setUploaded(true);
    }
  };
  const cells = cellErrorLines(state.error);
  return (
    <form onSubmit={submit} style={{ marginTop: 16 }}>
      <FileDropZone label={label} accept={XLSX} files={files} onFiles={setFiles} progress={progress} disabled={state.loading} />
      <Button type="submit" $variant="primary" disabled={state.loading || files.length === 0}>
        {button}
      </Button>
      <ErrorAlert error={state.error} lines={cells.length ? cells : undefined} />
      {uploaded && done && !state.error && <p role="status">{done}</p>}
    </form>
  );
}
