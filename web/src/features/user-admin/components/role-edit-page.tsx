/** `/admins/user/roles/edit`: admins find users by role, account status and words, and change a role. Sessions of the user end at once. */
import { type FormEvent, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { InlineForm } from '@/components/form-grid';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { Select } from '@/components/select';
import { TextField } from '@/components/text-field';
import { normalizeRole, roleLabel } from '@/lib/roles';
import { theme } from '@/theme/theme';
import { ACCOUNT_STATUS_LABELS, ASSIGNABLE_ROLES, ROLE_FILTERS } from '../labels';
import { useUserAdmin } from '../store';
import type { AccountStatus, StaffUserRow, UserQuery } from '../types';

const Filters = styled.form`
  display: grid;
  gap: 12px;
  fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 4px 16px; }
  legend { font-weight: 600; margin-bottom: 4px; }
`;
const Done = styled.p`
  color: ${theme.color.brandDark};
  font-weight: 600;
`;
const STATUSES: AccountStatus[] = ['active', 'banned', 'left'];

const toggle = <T,>(list: T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

export function RoleEditPage({ ownUserId }: { ownUserId: number }) {
  const { users, query, change, search, changeRole } = useUserAdmin();
  const [draft, setDraft] = useState<UserQuery>(query);
  const [asking, setAsking] = useState<{ user: StaffUserRow; roleType: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    void search({ roleTypes: [], activeStatuses: ['active'], words: '', page: 1 });
  }, [search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    void search({ ...draft, page: 1 });
  };
  const confirm = async () => {
    if (!asking) return;
    const { user, roleType } = asking;
    setAsking(null);
    const changed = await changeRole(user.id, roleType);
    if (changed) setDone(`${changed.userName}さんの権限を「${roleLabel(changed.roleType)}」に変更しました。ログイン中の画面はログアウトされます。`);
  };

  return (
    <div>
      <PageTitle>権限変更</PageTitle>
      <Panel title="ユーザーを探す">
        <Filters onSubmit={submit} role="search">
          <fieldset>
            <legend>権限</legend>
            {ROLE_FILTERS.map((role) => (
              <Checkbox key={role.value} label={role.label} checked={draft.roleTypes.includes(role.value)} onChange={() => setDraft({ ...draft, roleTypes: toggle(draft.roleTypes, role.value) })} />
            ))}
          </fieldset>
          <fieldset>
            <legend>アカウントの状態</legend>
            {STATUSES.map((status) => (
              <Checkbox
                key={status}
                label={ACCOUNT_STATUS_LABELS[status]}
                checked={draft.activeStatuses.includes(status)}
                onChange={() => setDraft({ ...draft, activeStatuses: toggle(draft.activeStatuses, status) })}
              />
            ))}
          </fieldset>
          <InlineForm>
            <TextField label="名前" hideLabel placeholder="ユーザー名・氏名・メールアドレス" value={draft.words} onChange={(e) => setDraft({ ...draft, words: e.target.value })} />
            <Button type="submit" $variant="primary" $outlined>
              検索
            </Button>
          </InlineForm>
        </Filters>
      </Panel>
      {done && <Done role="status">{done}</Done>}
      <ErrorAlert error={change.error} />
      <Panel title={users.data ? `ユーザー（${users.data.total}人）` : 'ユーザー'}>
        <ErrorAlert error={users.error} />
        {!users.data && users.loading && <Muted>読み込み中…</Muted>}
        {users.data && users.data.users.length === 0 && <Muted>条件に合うユーザーはいません。権限や状態の条件を減らして検索してください。</Muted>}
        {users.data && users.data.users.length > 0 && (
          <DataTable data-testid="staff-users" aria-busy={users.loading}>
            <thead>
              <tr>
                <th>ID</th>
                <th>ユーザー名</th>
                <th>状態</th>
                <th>現在の権限</th>
                <th>変更後の権限</th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user) => (
                <UserRow key={user.id} user={user} own={user.id === ownUserId} onChange={(roleType) => setAsking({ user, roleType })} />
              ))}
            </tbody>
          </DataTable>
        )}
        {users.data && <Pager paging={users.data} disabled={users.loading} onPage={(page) => void search({ ...query, page })} />}
      </Panel>
      {asking && (
        <ConfirmDialog
          title="権限を変更しますか？"
          message={
            <>
              <p>
                {asking.user.userName}さん（ID {asking.user.id}）の権限を「{roleLabel(asking.user.roleType)}」から「{roleLabel(asking.roleType)}」に変更します。
              </p>
              <p>変更すると、このユーザーはすべての端末でログアウトされ、新しい権限で再ログインが必要になります。</p>
            </>
          }
          confirmLabel="変更する"
          variant="primary"
          width={520}
          testId="confirm-role"
          onCancel={() => setAsking(null)}
          onConfirm={() => void confirm()}
        />
      )}
    </div>
  );
}

function UserRow({ user, own, onChange }: { user: StaffUserRow; own: boolean; onChange: (roleType: string) => void }) {
  const [roleType, setRoleType] = useState('');
  const changeable = !own && user.accountStatus === 'active' && user.roleType !== 'client';
  const why = own ? '自分の権限は変更できません' : user.roleType === 'client' ? 'クライアントは変更できません' : user.accountStatus !== 'active' ? '利用中のユーザーのみ変更できます' : null;
  return (
    <tr data-testid="staff-user">
      <td>{user.id}</td>
      <td>{user.userName}</td>
      <td>{user.accountStatus === 'active' ? ACCOUNT_STATUS_LABELS.active : <Badge $tone="alert">{ACCOUNT_STATUS_LABELS[user.accountStatus]}</Badge>}</td>
      <td>{roleLabel(user.roleType)}</td>
      <td>
        {changeable ? (
          <InlineForm>
            <Select
              label={`${user.userName}さんの新しい権限`}
              hideLabel
              options={ASSIGNABLE_ROLES.filter((role) => normalizeRole(role.value) !== normalizeRole(user.roleType))}
              value={roleType}
              onChange={setRoleType}
              placeholder="権限を選択"
            />
            <Button type="button" $variant="primary" disabled={!roleType} onClick={() => onChange(roleType)}>
              変更
            </Button>
          </InlineForm>
        ) : (
          <Muted>{why}</Muted>
        )}
      </td>
    </tr>
  );
}
