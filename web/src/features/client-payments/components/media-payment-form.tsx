/** The staff's form for one medium's bill of a month: status, amount, dates and a note the client reads. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { DatePicker } from '@/components/date-picker';
import { FormGrid } from '@/components/form-grid';
import { RadioCards } from '@/components/radio-cards';
import { TextArea, TextField } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { todayIso } from '@/lib/calendar';
import { formatYen } from '@/lib/format';
import { clientPaymentsApi } from '../api';
import { STATUS_LABELS, STATUSES } from '../labels';
import { mediaPaymentFields, mediaPaymentFormOf, mediaPaymentInputOf, mediaPaymentSchema, type MediaPaymentFormValues } from '../schema';
import { PAYMENT_UPDATE_FAILED } from '../store';
import type { MediaPayment, PaymentStatus } from '../types';

interface Props {
  mediaId: number;
  year: number;
  month: number;
  payment: MediaPayment;
  /** The month's computed total (tax included), billed when no amount is typed. */
  computedTotal: number;
  disabled: boolean;
  onSaved: (payment: MediaPayment) => void;
}

export function MediaPaymentForm({ mediaId, year, month, payment, computedTotal, disabled, onSaved }: Props) {
  const form = useForm<MediaPaymentFormValues>({ resolver: zodResolver(mediaPaymentSchema), defaultValues: mediaPaymentFormOf(payment) });
  const { run, alert } = useServerErrors(mediaPaymentFields, form.setError, PAYMENT_UPDATE_FAILED);
  const { errors, isSubmitting } = form.formState;
  const status = useWatch({ control: form.control, name: 'status' });
  const billed = status !== 'unbilled';

  const choose = (next: string) => {
    const chosen = next as PaymentStatus;
    form.setValue('status', chosen);
    // Billing today and being paid today are the usual cases: the dates start there.
    if (chosen !== 'unbilled' && !form.getValues('invoicedOn')) form.setValue('invoicedOn', todayIso());
    if (chosen === 'paid' && !form.getValues('paidOn')) form.setValue('paidOn', todayIso());
  };

  const submit = form.handleSubmit(async (values) => {
    const saved = await run(() => clientPaymentsApi.update(mediaId, mediaPaymentInputOf(values, year, month)));
    if (saved) onSaved(saved);
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="media-payment-form">
      <RadioCards legend="請求状況" options={STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} value={status} onChange={choose} disabled={disabled} />
      {billed && (
        <>
          <FormGrid>
            <TextField
              label="ご請求額（円・税込）"
              inputMode="numeric"
              placeholder={String(computedTotal)}
              hint={`空欄のときは計算額 ${formatYen(computedTotal)} を請求額にします`}
              error={errors.amount?.message}
              disabled={disabled}
              {...form.register('amount')}
            />
            <Controller
              control={form.control}
              name="invoicedOn"
              render={({ field }) => <DatePicker label="請求日" required value={field.value} onChange={field.onChange} error={errors.invoicedOn?.message} disabled={disabled} />}
            />
          </FormGrid>
          {status === 'paid' && (
            <Controller
              control={form.control}
              name="paidOn"
              render={({ field }) => <DatePicker label="入金日" required value={field.value} onChange={field.onChange} error={errors.paidOn?.message} disabled={disabled} />}
            />
          )}
        </>
      )}
      <TextArea label="備考（クライアントにも表示されます）" rows={3} disabled={disabled} {...form.register('note')} />
      {alert}
      <Button type="submit" $variant="primary" disabled={disabled || isSubmitting}>
        支払い状況を更新
      </Button>
    </form>
  );
}
