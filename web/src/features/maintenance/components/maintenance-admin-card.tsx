import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormGrid } from '@/components/form-grid';
import { Panel } from '@/components/panel';
import { TextArea, TextField } from '@/components/text-field';
import { ValidationError, formErrors } from '@/lib/errors';
import { formatDateTime, localInputToTokyo } from '@/lib/format';
import { maintenanceApi } from '../api';
import { useMaintenance } from '../store';

/** Admin card: set or end the maintenance window (every open browser follows at once). */
export function MaintenanceAdminCard() {
  const { maintenance, apply } = useMaintenance();
  const [message, setMessage] = useState('システムメンテナンスのため、サービスを一時停止しています。');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const answer = await maintenanceApi.set({
        message,
        startDatetime: start ? localInputToTokyo(start) : '',
        endDatetime: end ? localInputToTokyo(end) : '',
      });
      apply(answer.maintenance);
      setDone('メンテナンスを設定しました');
    } catch (error) {
      if (error instanceof ValidationError) setErrors(formErrors(error.rules));
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    setBusy(true);
    try {
      await maintenanceApi.clear();
      apply(null);
      setDone('メンテナンスを解除しました');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="メンテナンス設定" testId="maintenance-admin">
      {maintenance ? (
        <p>
          設定中: {formatDateTime(maintenance.startDatetime)} 〜 {formatDateTime(maintenance.endDatetime)}
        </p>
      ) : (
        <p>メンテナンスは設定されていません。</p>
      )}
      <form onSubmit={submit}>
        <TextArea label="メッセージ" value={message} onChange={(e) => setMessage(e.target.value)} rows={2} error={errors.message?.join(' ')} />
        <FormGrid>
          <TextField label="開始日時" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} error={errors.startDatetime?.join(' ')} />
          <TextField label="終了日時" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} error={errors.endDatetime?.join(' ')} />
        </FormGrid>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          <Button type="submit" $variant="primary" disabled={busy}>
            メンテナンスを設定
          </Button>
          <Button type="button" $variant="warning" $outlined disabled={busy} onClick={clear}>
            メンテナンスを解除
          </Button>
        </div>
        {done && <p role="status">{done}</p>}
      </form>
    </Panel>
  );
}
