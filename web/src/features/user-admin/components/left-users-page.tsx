/** `/admins/users/left`: users leaving (退会手続き中) and gone (退会済み); admins run the leave process here. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FormGrid } from '@/components/form-grid';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { RadioCards } from '@/components/radio-cards';
import { TextArea, TextField } from '@/components/text-field';
import { formatDateTime } from '@/lib/format';
import { roleLabel } from '@/lib/roles';
import { theme } from '@/theme/theme';
import { ACCOUNT_STATUS_LABELS } from '../labels';
import { LEAVE_REASON_MAX, leaveSchema, type LeaveFormValues, type LeaveValues } from '../schema';
import { useUserAdmin } from '../store';

const Done = styled.p`
  color: ${theme.color.brandDark};
  font-weight: 600;
`;

type Step = LeaveValues['step'];
const STEPS = [
  { value: 'banned', label: '退会手続き中にする', description: 'ログインできなくなり、未回答のオファーは取り下げられます。データと未払いの報酬はそのまま残ります。' },
  { value: 'left', label: '退会を完了する', description: '進行中のタスクがなく、報酬がすべて確定済みの場合のみ。個人情報を削除し、法令で保存が必要な報酬・発注の記録だけを残します。' },
];

export function LeftUsersPage({ canProcess }: { canProcess: boolean }) {
  const { left, leftPage, leave, fetchLeft, processLeave } = useUserAdmin();
  useEffect(() => {
    void fetchLeft(1);
  }, [fetchLeft]);
  // Checked as it is typed, so the id's message and the disabled button follow every keystroke.
  const form = useForm<LeaveFormValues, unknown, LeaveValues>({ resolver: zodResolver(leaveSchema), mode: 'onChange', defaultValues: { userId: '', step: 'banned', reason: '' } });
  const userId = useWatch({ control: form.control, name: 'userId' });
  const { errors } = form.formState;
  const [asking, setAsking] = useState<{ userId: number; step: Step } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const validId = leaveSchema.shape.userId.safeParse(userId).success;

  const submit = form.handleSubmit((values) => setAsking({ userId: values.userId, step: values.step }));
  const confirm = async () => {
    if (!asking) return;
    const target = asking;
    setAsking(null);
    setDone(null);
    const user = await processLeave(target.userId, target.step, form.getValues('reason'));
    if (user) {
      setDone(`ID ${user.id} を「${ACCOUNT_STATUS_LABELS[user.accountStatus]}」にしました。`);
      form.reset({ ...form.getValues(), userId: '', reason: '' });
    }
  };

  return (
    <div>
      <PageTitle>退会者</PageTitle>
      {canProcess && (
        <Panel title="退会処理">
          <form onSubmit={(e) => void submit(e)} aria-label="退会処理" noValidate>
            <FormGrid>
              {/* An empty id only keeps the button disabled; the message is for what was typed. */}
              <TextField label="ユーザーID" inputMode="numeric" error={userId ? errors.userId?.message : null} required {...form.register('userId')} />
              <Controller
                control={form.control}
                name="step"
                render={({ field }) => <RadioCards legend="処理" options={STEPS} value={field.value} onChange={(value) => field.onChange(value as Step)} />}
              />
              <TextArea label="理由（スタッフのみ閲覧）" maxLength={LEAVE_REASON_MAX} error={errors.reason?.message} {...form.register('reason')} />
            </FormGrid>
            <Button type="submit" $variant="warning" disabled={!validId || leave.loading}>
              {leave.loading ? '処理しています…' : '退会処理を実行'}
            </Button>
          </form>
          {done && <Done role="status">{done}</Done>}
          <ErrorAlert error={leave.error} />
        </Panel>
      )}
      <Panel title={left.data ? `退会手続き中・退会済み（${left.data.total}人）` : '退会手続き中・退会済み'}>
        <ErrorAlert error={left.error} />
        {!left.data && left.loading && <Muted>読み込み中…</Muted>}
        {left.data && left.data.users.length === 0 && <Muted>退会手続き中・退会済みのユーザーはいません。</Muted>}
        {left.data && left.data.users.length > 0 && (
          <DataTable data-testid="left-users" aria-busy={left.loading}>
            <thead>
              <tr>
                <th>ID</th>
                <th>ユーザー名（退会時）</th>
                <th>権限</th>
                <th>状態</th>
                <th>手続き開始</th>
                <th>退会完了</th>
                <th>理由</th>
                {canProcess && <th>操作</th>}
              </tr>
            </thead>
            <tbody>
              {left.data.users.map((user) => (
                <tr key={user.userId} data-testid="left-user">
                  <td>{user.userId}</td>
                  <td>{user.userName}</td>
                  <td>{roleLabel(user.roleType)}</td>
                  <td>
                    <Badge $tone={user.accountStatus === 'left' ? 'muted' : 'alert'}>{ACCOUNT_STATUS_LABELS[user.accountStatus]}</Badge>
                  </td>
                  <td>
                    {formatDateTime(user.bannedAt)}
                    {user.bannedByName && <Muted>{user.bannedByName}</Muted>}
                  </td>
                  <td>
                    {user.leftAt ? formatDateTime(user.leftAt) : '—'}
                    {user.leftByName && <Muted>{user.leftByName}</Muted>}
                  </td>
                  <td>{user.reason || '—'}</td>
                  {canProcess && (
                    <td>
                      {user.accountStatus === 'banned' && (
                        <Button type="button" $variant="warning" $outlined onClick={() => setAsking({ userId: user.userId, step: 'left' })}>
                          退会を完了
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        {left.data && <Pager paging={left.data} disabled={left.loading} onPage={(page) => void fetchLeft(page)} />}
        {left.data && leftPage > 1 && left.data.users.length === 0 && <Muted>このページには表示するユーザーがいません。</Muted>}
      </Panel>
      {asking && (
        <ConfirmDialog
          title={asking.step === 'left' ? '退会を完了しますか？' : '退会手続きを始めますか？'}
          message={`ID ${asking.userId} のユーザーを「${ACCOUNT_STATUS_LABELS[asking.step]}」にします。${asking.step === 'left' ? '個人情報は削除され、元に戻せません。' : 'このユーザーはすべての端末でログアウトされます。'}`}
          confirmLabel="実行する"
          width={520}
          testId="confirm-leave"
          onCancel={() => setAsking(null)}
          onConfirm={() => void confirm()}
        />
      )}
    </div>
  );
}
