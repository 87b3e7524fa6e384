/** /clients/media/{mediaId}/details/option_payment/add: an extra payment for the medium (staff). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { FormGrid } from '@/components/form-grid';
import { Panel } from '@/components/panel';
import { TextArea, TextField } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { mediaApi } from '../api';
import { mediaFields, OPTION_PAYMENT_FIELDS, optionPaymentInputOf, optionPaymentSchema, type OptionPaymentFormValues } from '../schema';
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
  const { run, alert } = useServerErrors(mediaFields(OPTION_PAYMENT_FIELDS), form.setError, 'オプション支払いの登録に失敗しました');
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const saved = await run(() => mediaApi.addOptionPayment(mediaId, optionPaymentInputOf(optionPaymentSchema.parse(values))));
    if (saved) onSaved(saved);
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
        {alert}
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
