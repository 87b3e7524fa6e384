/** The staff's media form (add and edit): react-hook-form + zod, a server 422 mapped onto the fields. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useController, useForm, useWatch, type Control } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorText, Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { Select } from '@/components/select';
import { TextArea, TextField } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { AppError } from '@/lib/errors';
import { theme } from '@/theme/theme';
import { mediaApi } from '../api';
import { emptyMediaForm, MEDIA_FIELDS, mediaFields, mediaFormOf, mediaInputOf, managerRoleLabel, mediaSchema, PAYMENT_SCHEDULE_LABEL, type MediaFormValues } from '../schema';
import type { MediaDetail, MediaFormOptions } from '../types';

const Choices = styled.fieldset`
  border: none;
  margin: 0 0 16px;
  padding: 0;
  legend { font-weight: ${theme.font.bold}; margin-bottom: 6px; }
  div { display: flex; flex-wrap: wrap; gap: 4px 20px; }
`;

type IdListField = 'genreIds' | 'searchTagIds' | 'managerIds';

/** Checkboxes for a list of ids. */
function IdChoices({ control, name, legend, options, error, empty }: { control: Control<MediaFormValues>; name: IdListField; legend: string; options: { id: number; label: string }[]; error?: string; empty: string }) {
  const { field } = useController({ control, name });
  const chosen = new Set(field.value);
  const toggle = (id: number) => field.onChange(chosen.has(id) ? field.value.filter((v) => v !== id) : [...field.value, id]);
  return (
    <Choices data-testid={`choices-${name}`}>
      <legend>{legend}</legend>
      {options.length === 0 ? (
        <Muted>{empty}</Muted>
      ) : (
        <div>
          {options.map((o) => (
            <Checkbox key={o.id} label={o.label} checked={chosen.has(o.id)} onChange={() => toggle(o.id)} />
          ))}
        </div>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </Choices>
  );
}

interface Props {
  clientId: number;
  media?: MediaDetail;
  onSaved: (media: MediaDetail) => void;
  onCancel: () => void;
}

export function MediaForm({ clientId, media, onSaved, onCancel }: Props) {
  const [options, setOptions] = useState<MediaFormOptions | null>(null);
  const [optionsError, setOptionsError] = useState<AppError | null>(null);
  useEffect(() => {
    let live = true;
    mediaApi.formOptions(clientId).then(
      (o) => live && setOptions(o),
      (e: unknown) => live && setOptionsError(e instanceof AppError ? e : new AppError('選択肢の取得に失敗しました')),
    );
    return () => {
      live = false;
    };
  }, [clientId]);
  const form = useForm<MediaFormValues>({ resolver: zodResolver(mediaSchema), defaultValues: media ? mediaFormOf(media) : emptyMediaForm() });
  const { run, alert } = useServerErrors(mediaFields(MEDIA_FIELDS), form.setError, '媒体の保存に失敗しました');
  const { errors, isSubmitting } = form.formState;
  const groupId = useWatch({ control: form.control, name: 'genreGroupId' });
  const group = options?.genreGroups.find((g) => String(g.id) === groupId);

  const submit = form.handleSubmit(async (values) => {
    const input = mediaInputOf(mediaSchema.parse(values));
    const saved = await run(() => (media ? mediaApi.update(clientId, media.id, input) : mediaApi.create(clientId, input)));
    if (saved) onSaved(saved);
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="media-form">
      {alert}
      {optionsError && <ErrorAlert error={optionsError} />}
      <Panel title="媒体の基本情報">
        <TextField label="媒体名" required error={errors.name?.message} {...form.register('name')} />
        <TextArea label="説明" rows={4} error={errors.description?.message} {...form.register('description')} />
        <TextField label="URL" type="url" placeholder="https://" error={errors.url?.message} {...form.register('url')} />
        <Controller
          control={form.control}
          name="paymentSchedule"
          render={({ field }) => (
            <Select
              label="支払いサイクル"
              required
              options={Object.entries(PAYMENT_SCHEDULE_LABEL).map(([value, label]) => ({ value, label }))}
              value={field.value}
              onChange={field.onChange}
              error={errors.paymentSchedule?.message}
            />
          )}
        />
      </Panel>
      <Panel title="ジャンル・検索タグ">
        <Controller
          control={form.control}
          name="genreGroupId"
          render={({ field }) => (
            <Select
              label="ジャンルグループ"
              required
              options={(options?.genreGroups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                form.setValue('genreIds', []);
              }}
              error={errors.genreGroupId?.message}
            />
          )}
        />
        <IdChoices
          control={form.control}
          name="genreIds"
          legend="ジャンル"
          options={(group?.genres ?? []).map((g) => ({ id: g.id, label: g.parentGenreId ? `└ ${g.name}` : g.name }))}
          error={errors.genreIds?.message}
          empty="先にジャンルグループを選んでください。"
        />
        <IdChoices
          control={form.control}
          name="searchTagIds"
          legend="検索タグ"
          options={(options?.searchTags ?? []).map((t) => ({ id: t.id, label: t.name }))}
          error={errors.searchTagIds?.message}
          empty="検索タグがまだありません。"
        />
      </Panel>
      <Panel
        title="担当者"
        actions={
          <>
            <Button type="button" onClick={onCancel}>
              キャンセル
            </Button>
            <Button type="submit" $variant="primary" disabled={isSubmitting || !options}>
              {media ? '変更を保存' : '媒体を登録'}
            </Button>
          </>
        }
      >
        <IdChoices
          control={form.control}
          name="managerIds"
          legend="媒体の担当者"
          options={(options?.managers ?? []).map((m) => ({ id: m.id, label: `${m.userName}（${managerRoleLabel(m.role)}）` }))}
          error={errors.managerIds?.message}
          empty="担当者に選べる人がいません。"
        />
      </Panel>
    </form>
  );
}
