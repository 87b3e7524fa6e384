import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { FormGrid } from '@/components/form-grid';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextArea, TextField } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { localInputToTokyo } from '@/lib/format';
import { maintenanceApi } from '../api';
import { emptyMaintenanceForm, maintenanceFields, maintenanceSchema, MESSAGE_MAX, type MaintenanceFormValues } from '../schema';
import { noticeKey, useMaintenance } from '../store';
import type { Maintenance } from '../types';
import { formatPeriod } from './period';

type Action = 'schedule' | 'startNow' | 'endNow' | 'cancel';

const DONE: Record<Action, string> = {
  schedule: 'メンテナンスを設定しました',
  startNow: 'メンテナンスを開始しました',
  endNow: 'メンテナンスを解除しました',
  cancel: 'メンテナンスを取り消しました',
};

/**
 * Admin card on /admins: schedule a window (Tokyo time), start one now, end the running one,
 * and the list of running and upcoming windows with cancel. Every open browser follows at once.
 */
export function MaintenanceAdminCard() {
  const { windows, active, maintenance, refresh, applySchedule } = useMaintenance();
  const running = active ? maintenance : null;
  const isRunning = (w: Maintenance) => !!running && noticeKey(running) === noticeKey(w);
  const form = useForm<MaintenanceFormValues>({ resolver: zodResolver(maintenanceSchema), defaultValues: emptyMaintenanceForm() });
  const { errors } = form.formState;
  const [busy, setBusy] = useState(false);
  const [doneText, setDoneText] = useState('');
  const server = useServerErrors(maintenanceFields, form.setError, 'メンテナンスの設定に失敗しました');
  const tokyo = (local: string) => (local ? localInputToTokyo(local) : '');

  const perform = async (kind: Action, values: MaintenanceFormValues | null, id?: number): Promise<Action> => {
    if (kind === 'schedule' && values) {
      await maintenanceApi.schedule({ message: values.message, startDatetime: tokyo(values.start), endDatetime: tokyo(values.end) });
      await refresh();
    } else if (kind === 'startNow' && values) {
      applySchedule(await maintenanceApi.startNow({ message: values.message, endDatetime: tokyo(values.end) }));
    } else if (kind === 'endNow') {
      await maintenanceApi.endNow();
      await refresh();
    } else if (id !== undefined) {
      await maintenanceApi.cancel(id);
      await refresh();
    }
    return kind;
  };

  const { confirm, dialog } = useConfirm();
  const run = async (kind: Action, values: MaintenanceFormValues | null, id?: number) => {
    setDoneText('');
    form.clearErrors();
    setBusy(true);
    const finished = await server.run(() => perform(kind, values, id));
    setBusy(false);
    if (finished) setDoneText(DONE[finished]);
  };
  const schedule = form.handleSubmit((values) => run('schedule', values));
  const startNow = form.handleSubmit((values) => run('startNow', values));
  const cancel = async (w: Maintenance) => {
    if (w.id === undefined) return;
    const yes = await confirm(
      w.active
        ? { title: '実施中のメンテナンスを今すぐ終了しますか？', message: formatPeriod(w), confirmLabel: '今すぐ終了', testId: 'confirm-maintenance' }
        : { title: 'メンテナンスを取り消しますか？', message: formatPeriod(w), confirmLabel: '取り消す', testId: 'confirm-maintenance' },
    );
    if (yes) void run('cancel', null, w.id);
  };

  return (
    <Panel title="メンテナンス設定" testId="maintenance-admin">
      {/* The server checks the window and answers in Japanese; the browser's own checks would not. */}
      <form onSubmit={(e) => void schedule(e)} aria-label="メンテナンスの予約" noValidate>
        <TextArea
          label="メッセージ"
          rows={2}
          maxLength={MESSAGE_MAX}
          error={errors.message?.message}
          hint={`メンテナンス画面とお知らせに表示します（${MESSAGE_MAX}文字以内）`}
          {...form.register('message')}
        />
        <FormGrid>
          <TextField label="開始日時" type="datetime-local" hint="日本時間" error={errors.start?.message} {...form.register('start')} />
          <TextField label="終了日時" type="datetime-local" hint="日本時間" error={errors.end?.message} {...form.register('end')} />
        </FormGrid>
        {server.alert}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          <Button type="submit" $variant="primary" disabled={busy}>
            メンテナンスを設定
          </Button>
          <Button type="button" $variant="warning" disabled={busy} onClick={(e) => void startNow(e)}>
            今すぐ開始
          </Button>
          <Button type="button" $variant="warning" $outlined disabled={busy || !active} onClick={() => void run('endNow', null)}>
            メンテナンスを解除
          </Button>
        </div>
        <Muted>「今すぐ開始」は終了日時までのメンテナンスをすぐに始めます（実施中のときはメッセージと終了日時を変更します）。</Muted>
        {doneText && <p role="status">{doneText}</p>}
      </form>
      <h3>予定・実施中のメンテナンス</h3>
      {windows.length === 0 ? (
        <p>メンテナンスは設定されていません。</p>
      ) : (
        <DataTable aria-label="予定・実施中のメンテナンス">
          <thead>
            <tr>
              <th>期間</th>
              <th>状態</th>
              <th>メッセージ</th>
              <th aria-label="操作" />
            </tr>
          </thead>
          <tbody>
            {windows.map((w) => (
              <tr key={w.id ?? w.startDatetime}>
                <td>{formatPeriod(w)}</td>
                <td>{isRunning(w) ? <Badge $tone="alert">実施中</Badge> : <Badge>予定</Badge>}</td>
                <td style={{ whiteSpace: 'normal' }}>{w.message}</td>
                <td>
                  <Button type="button" $size="sm" $minWidth={0} $outlined $variant="warning" disabled={busy} onClick={() => void cancel({ ...w, active: isRunning(w) })}>
                    {isRunning(w) ? '今すぐ終了' : '取り消す'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {dialog}
    </Panel>
  );
}
