/** /clients/media/{mediaId}/details/option_payment/add: an extra payment for the medium (staff). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { FormGrid } from '@/components/form-grid';
import { Panel } from '@/components/panel';
import { TextArea, TextField } from '@/components/text-field';
import { AppError, ValidationError } from '@/lib/errors';
import { mediaApi } from '../api';
import { mapMediaRules, OPTION_PAYMENT_FIELDS, optionPaymentInputOf, optionPaymentSchema, type OptionPaymentFormValues } from '../schema';
import type { OptionPayment } from '../types';

const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

export function OptionPaymentForm({ mediaId, onSaved, onCancel }: { mediaId: number; onSaved: (payment: OptionPayment) => void; onCancel: () => void }) {
  const form = useForm<OptionPaymentFormValues>({
    resolver: zodResolver(optionPaymentSchema),
    defaultValues: { title: '', amount: '', targetMonth: thisMonth(), note: '' },
  });
  const [failure, setFailure] = useState<{ error: AppError; lines: string[] } | null>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSaved(await mediaApi.addOptionPayment(mediaId, optionPaymentInputOf(optionPaymentSchema.parse(values))));
    } catch (error) {
      const appError = error instanceof AppError ? error : new AppError('オプション支払いの登録に失敗しました');
      let lines: string[] = [];
      if (appError instanceof ValidationError) {
        const mapped = mapMediaRules(appError.rules, OPTION_PAYMENT_FIELDS);
        for (const [field, text] of Object.entries(mapped.fields)) form.setError(field as keyof OptionPaymentFormValues, { type: 'server', message: text });
        lines = mapped.unmapped;
      }
      setFailure({ error: appError, lines });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="option-payment-form">
      <Panel
        title="オプション支払いを追加"
        actions={
          <>
            <Button type="button" onClick={onCancel}>
              キャンセル
            </Button>
            <Button type="submit" $variant="primary" disabled={isSubmitting}>
              登録する
            </Button>
          </>
        }
      >
        {failure && <ErrorAlert error={failure.error} lines={failure.lines} />}
        <TextField label="件名" required placeholder="例: 特集ページ追加制作" error={errors.title?.message} {...form.register('title')} />
        <FormGrid>
          <TextField label="金額（円・税抜）" required inputMode="numeric" placeholder="50000" error={errors.amount?.message} {...form.register('amount')} />
          <TextField label="対象月" required type="month" error={errors.targetMonth?.message} {...form.register('targetMonth')} />
        </FormGrid>
        <TextArea label="備考" rows={3} error={errors.note?.message} {...form.register('note')} />
      </Panel>
    </form>
  );
}
