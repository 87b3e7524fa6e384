/** `/information/add`: staff write a post — title, body or URL, audience, start — checked here and by the server. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextArea, TextField } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { AppError } from '@/lib/errors';
import { theme } from '@/theme/theme';
import {
  AUDIENCE_CHOICES,
  BODY_MAX,
  emptyInformationForm,
  informationInputOf,
  informationSchema,
  informationFields,
  TITLE_MAX,
  type InformationFormValues,
} from '../schema';
import { CREATE_FAILED, useInformation } from '../store';
import type { InformationItem } from '../types';

const Roles = styled.fieldset`
  border: none;
  margin: 0 0 16px;
  padding: 0;
  legend { font-weight: ${theme.font.bold}; margin-bottom: 6px; }
  > div { display: flex; flex-wrap: wrap; gap: 4px 20px; }
  p { margin: 4px 0 0; font-size: ${theme.font.sm}; }
  .problem { color: ${theme.color.alert}; }
`;

interface Props {
  onSaved: (item: InformationItem) => void;
  onCancel: () => void;
}

export function InformationAddPage({ onSaved, onCancel }: Props) {
  const createPost = useInformation((s) => s.createPost);
  const [defaults] = useState(() => emptyInformationForm(new Date()));
  const initialStart = defaults.scheduledStartDate;
  const form = useForm<InformationFormValues>({ resolver: zodResolver(informationSchema), defaultValues: defaults });
  const { run, alert } = useServerErrors(informationFields, form.setError, CREATE_FAILED);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const input = informationInputOf(informationSchema.parse(values));
    // The proposed start left as it was means "now" (at sending, not when the page opened).
    if (values.scheduledStartDate === initialStart) input.scheduledStartDate = null;
    const saved = await run(async () => {
      const post = await createPost(input);
      // The store keeps the failure instead of throwing it.
      if (!post) throw useInformation.getState().create.error ?? new AppError(CREATE_FAILED);
      return post;
    });
    if (saved) onSaved(saved);
  });

  return (
    <div>
      <PageTitle>お知らせ追加</PageTitle>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="information-form">
        {alert}
        <Panel
          title="お知らせの内容"
          actions={
            <>
              <Button type="button" onClick={onCancel}>
                キャンセル
              </Button>
              <Button type="submit" $variant="primary" disabled={isSubmitting}>
                {isSubmitting ? '登録しています…' : 'お知らせを登録'}
              </Button>
            </>
          }
        >
          <TextField label="タイトル" required hint={`${TITLE_MAX}文字以内`} error={errors.title?.message} {...form.register('title')} />
          <TextArea label="本文" rows={8} hint={`本文かURLのどちらかを入力してください（本文は${BODY_MAX}文字以内）`} error={errors.body?.message} {...form.register('body')} />
          <TextField label="URL" type="url" placeholder="https://" hint="入力するとタイトルがこのURLへのリンクになります" error={errors.url?.message} {...form.register('url')} />
          <Controller
            control={form.control}
            name="audienceRoles"
            render={({ field }) => (
              <Roles aria-describedby="information-audience-hint">
                <legend>表示する相手</legend>
                <div>
                  {AUDIENCE_CHOICES.map((choice) => (
                    <Checkbox
                      key={choice.value}
                      label={choice.label}
                      checked={field.value.includes(choice.value)}
                      onChange={(event) =>
                        field.onChange(event.target.checked ? [...field.value, choice.value] : field.value.filter((v) => v !== choice.value))
                      }
                    />
                  ))}
                </div>
                <p id="information-audience-hint">
                  <Muted as="span">どれも選ばない場合は全員に表示されます。</Muted>
                </p>
                {errors.audienceRoles?.message && <p className="problem">{errors.audienceRoles.message}</p>}
              </Roles>
            )}
          />
          <TextField
            label="公開開始日時"
            type="datetime-local"
            step={1}
            hint="日本時間。現在の日時のままならすぐに公開され、先の日時ならその時刻に公開されます"
            error={errors.scheduledStartDate?.message}
            {...form.register('scheduledStartDate')}
          />
        </Panel>
      </form>
    </div>
  );
}
