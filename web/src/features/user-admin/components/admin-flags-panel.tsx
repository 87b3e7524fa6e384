/** The admin flags of one creator, for staff on the creator page: managers and admins set them, accountants read them. */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { ADMIN_FLAGS } from '../labels';
import { useUserAdmin } from '../store';
import type { AdminFlag } from '../types';

const Flags = styled.fieldset`
  border: 0;
  margin: 0 0 12px;
  padding: 0;
  display: grid;
  gap: 6px;
  legend { font-weight: 600; margin-bottom: 4px; }
`;
const Saved = styled.span`
  margin-left: 12px;
`;

export function AdminFlagsPanel({ userId, canEdit }: { userId: number; canEdit: boolean }) {
  const { flags, saveFlags, fetchFlags, setFlags } = useUserAdmin();
  useEffect(() => {
    void fetchFlags(userId);
  }, [fetchFlags, userId]);
  const stored = flags.data?.userId === userId ? flags.data.adminFlags : null;
  const [edited, setEdited] = useState<AdminFlag[] | null>(null);
  const [saved, setSaved] = useState(false);
  const chosen = edited ?? stored ?? [];

  const toggle = (flag: AdminFlag) => {
    setSaved(false);
    setEdited(chosen.includes(flag) ? chosen.filter((f) => f !== flag) : [...chosen, flag]);
  };
  const save = async () => {
    if (await setFlags(userId, chosen)) {
      setEdited(null);
      setSaved(true);
    }
  };

  return (
    <Panel title="管理フラグ（スタッフのみ）">
      <ErrorAlert error={flags.error} />
      {stored === null && flags.loading && <Muted>読み込み中…</Muted>}
      {stored !== null && !canEdit && (
        <p data-testid="admin-flags">
          {stored.length === 0 ? 'なし' : ADMIN_FLAGS.filter((f) => stored.includes(f.value)).map((f) => <Badge key={f.value} $tone="alert">{f.label}</Badge>)}
        </p>
      )}
      {stored !== null && canEdit && (
        <>
          <Flags data-testid="admin-flags">
            <legend>このクリエイターに付けるフラグ</legend>
            {ADMIN_FLAGS.map((flag) => (
              <Checkbox
                key={flag.value}
                label={
                  <>
                    {flag.label}
                    <Muted as="span">：{flag.effect}</Muted>
                  </>
                }
                checked={chosen.includes(flag.value)}
                onChange={() => toggle(flag.value)}
              />
            ))}
          </Flags>
          <Button type="button" $variant="primary" disabled={edited === null || saveFlags.loading} onClick={() => void save()}>
            {saveFlags.loading ? '保存しています…' : 'フラグを保存'}
          </Button>
          {saved && <Saved role="status">保存しました。</Saved>}
          <ErrorAlert error={saveFlags.error} />
        </>
      )}
    </Panel>
  );
}
