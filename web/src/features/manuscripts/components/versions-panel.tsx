/**
 * The manuscript's named versions (「初稿」「修正稿」…): saving the current state under a name, the
 * list, newest first, and 「この版を納品」 for whoever may deliver (the server's `can_deliver`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { List, ListRow } from '@/components/list';
import { Muted } from '@/components/page';
import { useServerErrors } from '@/components/server-errors';
import { TextField } from '@/components/text-field';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { FieldMapping } from '@/lib/forms';
import { describeTaskRule } from '@/lib/tasks';
import { useSubmit } from '@/lib/use-submit';
import { manuscriptsApi } from '../api';
import { VERSION_NAME_MAX, versionFields, versionSchema, type VersionFormValues } from '../schema';
import type { ManuscriptVersion } from '../types';

const Side = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 4px;
`;

const Form = styled.form`
  display: flex;
  gap: 8px;
  align-items: flex-end;
  flex-wrap: wrap;
  margin-bottom: 12px;
  > div { flex: 1 1 200px; margin: 0; }
`;

/** A delivery's refusals have no field on this screen: a 422 (the task's status) is worded as the task page words it. */
const DELIVERY_RULES: FieldMapping = (field, rule) => ({ field: null, message: describeTaskRule(field, rule) });
const noField = () => undefined;

/** 「この版を納品」: asks first, then says in Japanese what happened. */
function useDeliverVersion(manuscriptId: number) {
  const { confirm, dialog } = useConfirm();
  const { run, alert } = useServerErrors(DELIVERY_RULES, noField, 'この版を納品できませんでした');
  const [busy, setBusy] = useState(false);
  const [delivered, setDelivered] = useState<string | null>(null);
  const deliver = async (version: ManuscriptVersion) => {
    const ok = await confirm({
      title: `「${version.name}」を納品しますか？`,
      message: 'この版をWordとHTMLのファイルにしてタスクに納品し、クライアントに検収を依頼します。',
      confirmLabel: '納品する',
      variant: 'primary',
      testId: 'confirm-deliver-version',
    });
    if (!ok) return;
    setDelivered(null);
    setBusy(true);
    const registered = await run(() => manuscriptsApi.deliverVersion(manuscriptId, version.id));
    setBusy(false);
    if (registered) setDelivered(`「${version.name}」を納品しました。クライアントの検収をお待ちください。`);
  };
  return { deliver, busy, delivered, alert, dialog };
}


/** `revision` changes when a version was saved elsewhere (a restore's automatic one): the list is read again; `onSaved` tells the page of one saved here. */
export function VersionsPanel({ manuscriptId, canCreate, revision = 0, canDeliver = false, onSaved }: { manuscriptId: number; canCreate: boolean; revision?: number; canDeliver?: boolean; onSaved?: () => void }) {
  const [versions, setVersions] = useState<ManuscriptVersion[] | null>(null);
  const load = useSubmit((id: number) => manuscriptsApi.versions(id), '版の一覧を読み込めませんでした');
  const form = useForm<VersionFormValues>({ resolver: zodResolver(versionSchema), defaultValues: { name: '' } });
  const save = useServerErrors(versionFields, form.setError, '版を保存できませんでした');
  const { run: runLoad } = load;
  const delivery = useDeliverVersion(manuscriptId);

  useEffect(() => {
    void runLoad(manuscriptId).then((list) => list && setVersions(list));
  }, [runLoad, manuscriptId, revision]);

  // The button waits for a name that is more than spaces, as it did before the schema.
  const named = useWatch({ control: form.control, name: 'name' }).trim() !== '';
  const onSubmit = form.handleSubmit(async (values) => {
    const { name } = versionSchema.parse(values);
    const saved = await save.run(() => manuscriptsApi.createVersion(manuscriptId, name));
    if (saved) {
      setVersions((list) => [saved, ...(list ?? [])]);
      form.reset({ name: '' });
      onSaved?.();
    }
  });

  return (
    <section aria-label="版">
      {canCreate && (
        <Form onSubmit={(e) => void onSubmit(e)} noValidate>
          <TextField
            label="版の名前"
            placeholder="初稿、修正稿など"
            maxLength={VERSION_NAME_MAX}
            error={form.formState.errors.name?.message}
            data-testid="manuscript-version-name"
            {...form.register('name')}
          />
          <Button type="submit" $variant="primary" $size="sm" disabled={!named || form.formState.isSubmitting} data-testid="manuscript-version-save">
            現在の原稿を保存
          </Button>
        </Form>
      )}
      {save.alert ?? <ErrorAlert error={load.error} />}
      {delivery.alert}
      {delivery.delivered && (
        <p role="status" data-testid="manuscript-version-delivered">
          {delivery.delivered}
        </p>
      )}
      {versions?.length === 0 && <Muted>保存された版はまだありません。</Muted>}
      <List data-testid="manuscript-versions">
        {(versions ?? []).map((version) => (
          <ListRow key={version.id}>
            <div>
              <strong>{version.name}</strong>
              <br />
              <small>
                {formatNumber(version.counts.total)}文字（句読点を除く {formatNumber(version.counts.withoutPunctuation)}文字）
              </small>
            </div>
            <Side>
              <small>
                {version.createdByName}・{formatDateTime(version.createdAt)}
              </small>
              {canDeliver && (
                <Button
                  type="button"
                  $size="xsm"
                  $variant="primary"
                  $outlined
                  disabled={delivery.busy}
                  onClick={() => void delivery.deliver(version)}
                  data-testid="manuscript-version-deliver"
                >
                  この版を納品
                </Button>
              )}
            </Side>
          </ListRow>
        ))}
      </List>
      {delivery.dialog}
    </section>
  );
}
