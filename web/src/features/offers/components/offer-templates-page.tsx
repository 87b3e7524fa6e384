import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { Inline, List, ListRow } from '@/components/list';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextArea, TextField } from '@/components/text-field';
import { describeWithLabels } from '@/lib/errors';
import { offerTemplateFormOf, offerTemplateSchema, TEMPLATE_BODY_MAX, TEMPLATE_NAME_MAX, type OfferTemplateFormValues } from '../schema';
import { useOfferTemplates } from '../store';
import type { OfferTemplate } from '../types';

const describe = describeWithLabels({ name: 'テンプレート名', body: '本文' });

/** Adds a template or edits one; a failed save shows through the store's error above the list. */
function TemplateForm({ template, onDone }: { template: OfferTemplate | null; onDone: () => void }) {
  const { templateWrite, saveTemplate } = useOfferTemplates();
  const form = useForm<OfferTemplateFormValues>({ resolver: zodResolver(offerTemplateSchema), defaultValues: offerTemplateFormOf(template) });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const body = useWatch({ control: form.control, name: 'body' });
  const submit = form.handleSubmit(async (values) => {
    if (await saveTemplate(template?.id ?? null, offerTemplateSchema.parse(values))) {
      form.reset(offerTemplateFormOf(null));
      onDone();
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="テンプレート名" required maxLength={TEMPLATE_NAME_MAX} error={errors.name?.message} {...form.register('name')} />
      <TextArea label="本文" rows={6} maxLength={TEMPLATE_BODY_MAX} hint={`${body.length} / ${TEMPLATE_BODY_MAX}文字`} error={errors.body?.message} {...form.register('body')} />
      <Inline>
        <Button type="submit" $variant="primary" disabled={templateWrite.loading || !name.trim()}>
          {template ? 'テンプレートを更新' : 'テンプレートを追加'}
        </Button>
        {template && (
          <Button type="button" onClick={onDone}>
            キャンセル
          </Button>
        )}
      </Inline>
    </form>
  );
}

export function OfferTemplatesPage() {
  const { templates, templateWrite, fetchTemplates, deleteTemplate } = useOfferTemplates();
  const [editing, setEditing] = useState<OfferTemplate | null>(null);
  const { confirm, dialog } = useConfirm();
  useEffect(() => {
    void fetchTemplates();
  }, [fetchTemplates]);
  const remove = async (template: OfferTemplate) => {
    if (!(await confirm({ title: `テンプレート「${template.name}」を削除しますか？`, testId: 'confirm-delete-template' }))) return;
    // A deleted template can no longer be edited: the form goes back to adding.
    if (await deleteTemplate(template.id)) setEditing((current) => (current?.id === template.id ? null : current));
  };
  return (
    <>
      <PageTitle>オファーテンプレート</PageTitle>
      <ErrorAlert error={templateWrite.error} describe={describe} />
      <Panel title="テンプレート一覧">
        <ErrorAlert error={templates.error} />
        {!templates.loading && templates.data.length === 0 && <Muted>テンプレートはまだありません。</Muted>}
        <List data-testid="offer-template-list">
          {templates.data.map((template) => (
            <ListRow key={template.id}>
              <div>
                <strong>{template.name}</strong>
                <br />
                <small style={{ whiteSpace: 'pre-wrap' }}>{template.body}</small>
              </div>
              <Inline>
                <Button type="button" $size="xsm" $minWidth={0} onClick={() => setEditing(template)} aria-label={`${template.name}を編集`}>
                  編集
                </Button>
                <Button type="button" $size="xsm" $minWidth={0} $variant="warning" $outlined disabled={templateWrite.loading} onClick={() => remove(template)} aria-label={`${template.name}を削除`}>
                  削除
                </Button>
              </Inline>
            </ListRow>
          ))}
        </List>
      </Panel>
      <Panel title={editing ? `「${editing.name}」を編集` : 'テンプレートを追加'}>
        <TemplateForm key={editing?.id ?? 'new'} template={editing} onDone={() => setEditing(null)} />
      </Panel>
      {dialog}
    </>
  );
}
