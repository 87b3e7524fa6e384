/** The staff's client company form (add and edit): react-hook-form + zod, a server 422 mapped onto the fields. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { FormGrid } from '@/components/form-grid';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { Select } from '@/components/select';
import { TextArea, TextField } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { clientsApi } from '../api';
import { clientFields, clientFormOf, clientInputOf, clientSchema, emptyClientForm, type ClientFormValues } from '../schema';
import { useClient } from '../store';
import type { ClientDetail } from '../types';

interface Props {
  /** The company being edited (absent: a new one). */
  client?: ClientDetail;
  onSaved: (client: ClientDetail) => void;
  onCancel: () => void;
}

export function ClientForm({ client, onSaved, onCancel }: Props) {
  const { options, fetchOptions } = useClient();
  useEffect(() => {
    void fetchOptions();
  }, [fetchOptions]);
  const form = useForm<ClientFormValues>({ resolver: zodResolver(clientSchema), defaultValues: client ? clientFormOf(client) : emptyClientForm() });
  const { run, alert } = useServerErrors(clientFields, form.setError, 'クライアントの保存に失敗しました');
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof ClientFormValues) => errors[field]?.message;

  const submit = form.handleSubmit(async (values) => {
    const input = clientInputOf(clientSchema.parse(values));
    const saved = await run(() => (client ? clientsApi.update(client.id, input) : clientsApi.create(input)));
    if (saved) onSaved(saved);
  });

  const planOptions = (options.data?.plans ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const prefectureOptions = (options.data?.prefectures ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="client-form">
      {alert}
      {options.error && <ErrorAlert error={options.error} />}
      <Panel title="会社情報">
        <FormGrid>
          <TextField label="会社名" required error={message('companyName')} {...form.register('companyName')} />
          <TextField label="会社名（カナ）" required hint="全角カタカナ" error={message('companyNameKana')} {...form.register('companyNameKana')} />
        </FormGrid>
        <Controller
          control={form.control}
          name="planId"
          render={({ field }) => <Select label="プラン" required options={planOptions} value={field.value} onChange={field.onChange} error={message('planId')} />}
        />
        <TextField label="WebサイトURL" type="url" placeholder="https://" error={message('url')} {...form.register('url')} />
        <Checkbox label="公開クライアントとして表示する（クリエイターの実績に社名を載せてよい）" {...form.register('isPublic')} />
      </Panel>
      <Panel title="所在地・連絡先">
        <FormGrid>
          <TextField label="郵便番号" required inputMode="numeric" placeholder="1000001" hint="7桁（ハイフンなしでも可）" error={message('postalCode')} {...form.register('postalCode')} />
          <Controller
            control={form.control}
            name="prefectureId"
            render={({ field }) => <Select label="都道府県" required options={prefectureOptions} value={field.value} onChange={field.onChange} error={message('prefectureId')} />}
          />
        </FormGrid>
        <TextField label="住所" required placeholder="市区町村・番地・建物名" error={message('address')} {...form.register('address')} />
        <TextField label="電話番号" required inputMode="tel" placeholder="0312345678" hint="10〜11桁" error={message('phoneNumber')} {...form.register('phoneNumber')} />
      </Panel>
      <Panel
        title="運営メモ"
        actions={
          <>
            <Button type="button" onClick={onCancel}>
              キャンセル
            </Button>
            <Button type="submit" $variant="primary" disabled={isSubmitting}>
              {client ? '変更を保存' : 'クライアントを登録'}
            </Button>
          </>
        }
      >
        <Muted>スタッフのみが見るメモです。クライアントには表示されません。</Muted>
        <TextArea label="メモ" hideLabel error={message('note')} {...form.register('note')} />
      </Panel>
    </form>
  );
}
