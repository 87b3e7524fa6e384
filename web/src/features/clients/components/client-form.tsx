/** The staff's client company form (add and edit): react-hook-form + zod, a server 422 mapped onto the fields. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { FormGrid } from '@/components/form-grid';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { Select } from '@/components/select';
import { TextArea, TextField } from '@/components/text-field';
import { AppError, ValidationError } from '@/lib/errors';
import { clientsApi } from '../api';
import { clientFormOf, clientInputOf, clientSchema, emptyClientForm, mapClientRules, type ClientFormValues } from '../schema';
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
  const [failure, setFailure] = useState<{ error: AppError; lines: string[] } | null>(null);
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof ClientFormValues) => errors[field]?.message;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const input = clientInputOf(clientSchema.parse(values));
    try {
      onSaved(client ? await clientsApi.update(client.id, input) : await clientsApi.create(input));
    } catch (error) {
      const appError = error instanceof AppError ? error : new AppError('クライアントの保存に失敗しました');
      let lines: string[] = [];
      if (appError instanceof ValidationError) {
        const mapped = mapClientRules(appError.rules);
        for (const [field, text] of Object.entries(mapped.fields)) form.setError(field as keyof ClientFormValues, { type: 'server', message: text });
        lines = mapped.unmapped;
      }
      setFailure({ error: appError, lines });
    }
  });

  const planOptions = (options.data?.plans ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const prefectureOptions = (options.data?.prefectures ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="client-form">
      {failure && <ErrorAlert error={failure.error} lines={failure.lines} />}
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
