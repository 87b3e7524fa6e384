import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Field } from '@/components/page';
import type { AsyncState } from '@/lib/async-state';
import { cellErrorLines } from '../logic';

interface Props {
  label: string;
  button: string;
  state: AsyncState<unknown>;
  /** What a success did, in words. */
  done: string | null;
  onUpload: (file: File) => Promise<boolean>;
}

/** One .xlsx upload; a refused sheet lists every bad cell ("セル C4: …"). */
export function SheetUpload({ label, button, state, done, onUpload }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [uploaded, setUploaded] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setUploaded(false);
    if (await onUpload(file)) {
      setFile(null);
      setInputKey((k) => k + 1);
      setUploaded(true);
    }
  };
  const cells = cellErrorLines(state.error);
  return (
    <form onSubmit={submit} style={{ marginTop: 16 }}>
      <Field>
        {label}
        <input
          key={inputKey}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Field>
      <Button type="submit" $variant="primary" disabled={state.loading || !file}>
        {button}
      </Button>
      <ErrorAlert error={state.error} lines={cells.length ? cells : undefined} />
      {uploaded && done && !state.error && <p role="status">{done}</p>}
    </form>
  );
}
