import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FormGrid } from '@/components/form-grid';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextArea, TextField } from '@/components/text-field';
import { type AppError, ruleMessage, ValidationError } from '@/lib/errors';
import { localInputToTokyo } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { maintenanceApi } from '../api';
import { noticeKey, useMaintenance } from '../store';
import type { Maintenance } from '../types';
import { formatPeriod } from './period';

/** The longest message the server takes. */
export const MESSAGE_MAX = 500;

const RULES: Record<string, string> = {
  'after:start_datetime': '終了日時は開始日時より後にしてください',
  'after:now': '終了日時は現在より後にしてください',
  overlap: 'ほかのメンテナンスと期間が重なっています',
};
const describeRule = (rule: string) => RULES[rule] ?? ruleMessage(rule);

/** Field (as the server names it, snake_case) → its messages, from a 422's rules. */
function fieldErrors(error: AppError | null): Record<string, string> {
  if (!(error instanceof ValidationError)) return {};
  return Object.fromEntries(Object.entries(error.rules).map(([field, rules]) => [field, rules.map(describeRule).join(' ')]));
}

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
  const [message, setMessage] = useState('システムメンテナンスのため、サービスを一時停止します。');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [doneText, setDoneText] = useState('');

  const action = useSubmit(async (kind: Action, id?: number) => {
    if (kind === 'schedule') {
      await maintenanceApi.schedule({ message, startDatetime: start ? localInputToTokyo(start) : '', endDatetime: end ? localInputToTokyo(end) : '' });
      await refresh();
    } else if (kind === 'startNow') {
      applySchedule(await maintenanceApi.startNow({ message, endDatetime: end ? localInputToTokyo(end) : '' }));
    } else if (kind === 'endNow') {
      await maintenanceApi.endNow();
      await refresh();
    } else if (id !== undefined) {
      await maintenanceApi.cancel(id);
      await refresh();
    }
    return kind;
  }, 'メンテナンスの設定に失敗しました');

  const { confirm, dialog } = useConfirm();
  const run = async (kind: Action, id?: number) => {
    setDoneText('');
    const finished = await action.run(kind, id);
    if (finished) setDoneText(DONE[finished]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('schedule');
  };
  const cancel = async (w: Maintenance) => {
    if (w.id === undefined) return;
    const yes = await confirm(
      w.active
        ? { title: '実施中のメンテナンスを今すぐ終了しますか？', message: formatPeriod(w), confirmLabel: '今すぐ終了', testId: 'confirm-maintenance' }
        : { title: 'メンテナンスを取り消しますか？', message: formatPeriod(w), confirmLabel: '取り消す', testId: 'confirm-maintenance' },
    );
    if (yes) void run('cancel', w.id);
  };
  const errors = fieldErrors(action.error);

  return (
    <Panel title="メンテナンス設定" testId="maintenance-admin">
      {/* The server checks the window and answers in Japanese; the browser's own checks would not. */}
      <form onSubmit={submit} aria-label="メンテナンスの予約" noValidate>
        <TextArea
          label="メッセージ"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          rows={2}
          maxLength={MESSAGE_MAX}
          error={errors.message}
          hint={`メンテナンス画面とお知らせに表示します（${MESSAGE_MAX}文字以内）`}
        />
        <FormGrid>
          <TextField label="開始日時" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} error={errors.start_datetime} hint="日本時間" />
          <TextField label="終了日時" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} error={errors.end_datetime} hint="日本時間" />
        </FormGrid>
        {action.error && !(action.error instanceof ValidationError) && <ErrorAlert error={action.error} />}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          <Button type="submit" $variant="primary" disabled={action.loading}>
            メンテナンスを設定
          </Button>
          <Button type="button" $variant="warning" disabled={action.loading} onClick={() => void run('startNow')}>
            今すぐ開始
          </Button>
          <Button type="button" $variant="warning" $outlined disabled={action.loading || !active} onClick={() => void run('endNow')}>
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
                  <Button type="button" $size="sm" $minWidth={0} $outlined $variant="warning" disabled={action.loading} onClick={() => void cancel({ ...w, active: isRunning(w) })}>
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
