/** The staff's form for one medium's bill of a month: status, amount, dates and a note the client reads. */
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { DatePicker } from '@/components/date-picker';
import { ErrorAlert } from '@/components/error-alert';
import { FormGrid } from '@/components/form-grid';
import { RadioCards } from '@/components/radio-cards';
import { TextArea, TextField } from '@/components/text-field';
import { todayIso } from '@/lib/calendar';
import { describeWithLabels, ruleMessage } from '@/lib/errors';
import { formatYen, toHalfWidthDigits } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { clientPaymentsApi } from '../api';
import { STATUS_LABELS, STATUSES } from '../labels';
import { PAYMENT_UPDATE_FAILED } from '../store';
import type { MediaPayment, MediaPaymentInput, PaymentStatus } from '../types';

const LABELS: Record<string, string> = {
  year: '対象月',
  month: '対象月',
  status: '請求状況',
  billed_amount: 'ご請求額',
  invoiced_on: '請求日',
  paid_on: '入金日',
  note: '備考',
};

/** The rules this form words itself; the rest are the shared messages. */
function wording(_field: string, rule: string): string {
  const name = rule.split(':')[0];
  if (name === 'gte') return '0円以上で入力してください';
  if (name === 'lte') return '金額が大きすぎます。桁数を確認してください';
  if (name === 'integer') return '半角数字で入力してください';
  if (name === 'after_or_equal') return '請求日以降の日付を入力してください';
  if (name === 'between') return '正しい年月を選んでください';
  return ruleMessage(rule);
}

export const describePaymentRule = describeWithLabels(LABELS, wording);

/** A typed amount as whole yen: '' is none, anything but digits (commas allowed) is invalid. */
export function parseYen(text: string): number | null | 'invalid' {
  const digits = toHalfWidthDigits(text.trim()).replace(/[,，]/g, '');
  if (digits === '') return null;
  return /^\d{1,12}$/.test(digits) ? Number(digits) : 'invalid';
}

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
  const [status, setStatus] = useState<PaymentStatus>(payment.status);
  const [amount, setAmount] = useState(payment.billedAmount === null ? '' : String(payment.billedAmount));
  const [invoicedOn, setInvoicedOn] = useState(payment.invoicedOn ?? '');
  const [paidOn, setPaidOn] = useState(payment.paidOn ?? '');
  const [note, setNote] = useState(payment.note);
  const [amountInvalid, setAmountInvalid] = useState(false);
  const save = useSubmit(clientPaymentsApi.update, PAYMENT_UPDATE_FAILED);
  const billed = status !== 'unbilled';

  const choose = (next: string) => {
    const chosen = next as PaymentStatus;
    setStatus(chosen);
    // Billing today and being paid today are the usual cases: the dates start there.
    if (chosen !== 'unbilled' && !invoicedOn) setInvoicedOn(todayIso());
    if (chosen === 'paid' && !paidOn) setPaidOn(todayIso());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const yen = parseYen(amount);
    setAmountInvalid(yen === 'invalid');
    if (yen === 'invalid') return;
    const input: MediaPaymentInput = {
      year,
      month,
      status,
      note,
      ...(billed && yen !== null ? { billedAmount: yen } : {}),
      ...(billed && invoicedOn ? { invoicedOn } : {}),
      ...(status === 'paid' && paidOn ? { paidOn } : {}),
    };
    const saved = await save.run(mediaId, input);
    if (saved) onSaved(saved);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="media-payment-form">
      <RadioCards legend="請求状況" options={STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} value={status} onChange={choose} disabled={disabled} />
      {billed && (
        <>
          <FormGrid>
            <TextField
              label="ご請求額（円・税込）"
              inputMode="numeric"
              placeholder={String(computedTotal)}
              hint={`空欄のときは計算額 ${formatYen(computedTotal)} を請求額にします`}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={amountInvalid ? '半角数字で入力してください' : null}
              disabled={disabled}
            />
            <DatePicker label="請求日" required value={invoicedOn} onChange={setInvoicedOn} disabled={disabled} />
          </FormGrid>
          {status === 'paid' && <DatePicker label="入金日" required value={paidOn} onChange={setPaidOn} disabled={disabled} />}
        </>
      )}
      <TextArea label="備考（クライアントにも表示されます）" rows={3} value={note} onChange={(e) => setNote(e.target.value)} disabled={disabled} />
      <ErrorAlert error={save.error} describe={describePaymentRule} />
      <Button type="submit" $variant="primary" disabled={disabled || save.loading}>
        支払い状況を更新
      </Button>
    </form>
  );
}
